import { Component, lazy, useEffect, useRef, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { StateMessage } from '../components/StateMessage';

/** A lazy part's code that did not download. */
class PartLoadError extends Error {
  constructor(
    cause: unknown,
    /** Lets the next render of the part download it again. */
    readonly forget: () => void,
  ) {
    super('A part of the page failed to download.', { cause });
  }
}

/**
 * A part of a page loaded when first shown, as with React.lazy, for use inside a PartBoundary.
 * React.lazy keeps a failed download for good, so a dropped connection would break that part
 * until the page is reloaded; here the failure is forgotten once a PartBoundary has caught it,
 * and the next time the part is shown its code downloads again. Not sooner: React renders a
 * failed part again before the boundary takes over, which must not start another download.
 * (`any` as in React.lazy's own type: whatever its props, a component is a ComponentType<any>.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const attempt = () => {
    const part = lazy(() =>
      load().catch((cause: unknown) => {
        throw new PartLoadError(cause, () => {
          if (Loaded === part) Loaded = attempt();
        });
      }),
    );
    return part;
  };
  let Loaded = attempt();
  // Read at each render, so a part shown again after a failure gets the fresh download.
  return function LazyPart(props: ComponentProps<T>) {
    return <Loaded {...props} />;
  };
}

interface PartBoundaryProps {
  children: ReactNode;
  /** Told when the part fails: a dialog closes and says so in the snackbar. */
  onError?: () => void;
  /** Shown in the part's place once it failed; `retry` shows the part again, downloading it anew. */
  fallback?: (retry: () => void) => ReactNode;
}

/**
 * Keeps a part that failed (its code did not download, say) from taking the page down with it:
 * without it the route's error page would replace everything, and what the reader had typed.
 */
export class PartBoundary extends Component<PartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PartLoadError) error.forget();
    this.props.onError?.();
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback?.(this.retry) ?? null;
  }
}

/**
 * 'Some error occurred. Try reloading!' with Try again, in the place of a part that failed to
 * load. Inside an element with tabindex="-1" (the part's region), keyboard focus is kept across
 * a retry: Try again leaves it on the region, which stays whatever the retry brings, and if the
 * part fails again, the new Try again takes it back.
 */
export function PartLoadFailed({ onRetry }: { onRetry: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const regionOf = (element: HTMLElement) => element.parentElement?.closest<HTMLElement>('[tabindex="-1"]');

  useEffect(() => {
    const element = button.current;
    if (element && document.activeElement === regionOf(element)) element.focus();
  }, []);

  return (
    <StateMessage tone="error">
      Some error occurred. Try reloading!{' '}
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        onClick={(event) => {
          if (event.currentTarget === document.activeElement) regionOf(event.currentTarget)?.focus();
          onRetry();
        }}
      >
        Try again
      </Button>
    </StateMessage>
  );
}
