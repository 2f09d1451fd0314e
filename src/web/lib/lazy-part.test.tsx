import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePostDialogs } from '../features/questions/components/PostDialogs';
import { renderWithProviders } from '../testing/render';
import { makeQuestion } from '../testing/fixtures';
import { lazyPart, PartBoundary, PartLoadFailed } from './lazy-part';

const shareDownloads = vi.hoisted(() => ({ failing: 0 }));
vi.mock('../features/questions/components/ShareDialog', async (importOriginal) => {
  if (shareDownloads.failing > 0) {
    shareDownloads.failing -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

/** The route's error page: anything caught here took the whole page down. */
class PageError extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override render() {
    return this.state.crashed ? <p>Page replaced by the error screen</p> : this.props.children;
  }
}

/** A part whose first `failures` downloads fail, as they do while the network is down. */
function flakyPart(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: ({ name }: { name: string }) => <p>Hello, {name}</p> };
  });
  return { Part: lazyPart(load), load };
}

describe('lazyPart', () => {
  beforeEach(() => {
    // React reports each error a boundary catches.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps a failed download inside its boundary, and Try again downloads it again', async () => {
    const { Part, load } = flakyPart(1);
    render(
      <PageError>
        <p>The rest of the page</p>
        <PartBoundary fallback={(retry) => <PartLoadFailed onRetry={retry} />}>
          <Suspense fallback={<p>Loading</p>}>
            <Part name="Anna" />
          </Suspense>
        </PartBoundary>
      </PageError>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occurred. Try reloading!');
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Anna')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('downloads again when a part that failed is shown afresh, as a dialog opened again is', async () => {
    const { Part, load } = flakyPart(1);
    const onError = vi.fn();
    const view = (open: boolean) => (
      <PageError>
        {open && (
          <PartBoundary onError={onError}>
            <Suspense fallback={null}>
              <Part name="Anna" />
            </Suspense>
          </PartBoundary>
        )}
      </PageError>
    );
    const { rerender } = render(view(true));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Page replaced by the error screen')).not.toBeInTheDocument();

    rerender(view(false));
    rerender(view(true));
    expect(await screen.findByText('Hello, Anna')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keeps keyboard focus in the part’s place whether Try again fails again or succeeds', async () => {
    const { Part } = flakyPart(2);
    render(
      <div tabIndex={-1} data-testid="region">
        <PartBoundary fallback={(retry) => <PartLoadFailed onRetry={retry} />}>
          <Suspense fallback={<p>Loading</p>}>
            <Part name="Anna" />
          </Suspense>
        </PartBoundary>
      </div>,
    );

    let tryAgain = await screen.findByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).not.toBe(tryAgain));
    tryAgain = screen.getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();

    fireEvent.click(tryAgain);
    expect(await screen.findByText('Hello, Anna')).toBeInTheDocument();
    expect(screen.getByTestId('region')).toHaveFocus();
  });
});

describe('usePostDialogs', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  function PostPage() {
    const [dialog, openDialog] = usePostDialogs();
    return (
      <>
        <textarea aria-label="Your Answer" />
        <button type="button" onClick={() => openDialog('share', makeQuestion())}>
          Share
        </button>
        {dialog}
      </>
    );
  }

  it('closes a dialog whose code did not download, says so, keeps the page, and opens it on the next try', async () => {
    shareDownloads.failing = 1;
    renderWithProviders(
      <PageError>
        <PostPage />
      </PageError>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Your Answer' }), { target: { value: 'Use a cloche.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Some error occurred. Try Again!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Use a cloche.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(await screen.findByRole('dialog', { name: 'Copy to Clipboard' })).toBeInTheDocument();
    // The modal dialog hides the page from the accessibility tree; the page is still there.
    expect(screen.getByLabelText('Your Answer')).toHaveValue('Use a cloche.');
  });
});
