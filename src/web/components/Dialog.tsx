import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { isComposing } from '../lib/composing';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /**
   * A press outside the dialog leaves it open (a form holding what the reader typed, which a
   * stray tap beside it must not throw away); Escape, Close and the form's own buttons still work.
   */
  keepOnOutsidePress?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog: focus goes to its first field (or Close) and is kept inside, Escape and the
 * close button dismiss it, focus returns on close.
 */
export function Dialog({ open, onOpenChange, title, description, keepOnOutsidePress = false, children }: DialogProps) {
  // Our dialogs open from state, not from a Radix Trigger, so Radix has no trigger to return
  // focus to: remember what had focus when the dialog opened (the button that opened it), and the
  // region around it that takes focus, for when that button is gone by the time the dialog closes
  // (its post deleted, or taken out of the list by a refetch).
  const returnFocus = useRef<{ opener: HTMLElement; region: HTMLElement | null } | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    returnFocus.current =
      opener instanceof HTMLElement && opener !== document.body
        ? { opener, region: opener.parentElement?.closest<HTMLElement>('[tabindex="-1"]') ?? null }
        : null;
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          // A form's dialog opens with its first field focused, ready to type in; others (a
          // confirmation, say) with Close, never the action.
          onOpenAutoFocus={(event) => {
            const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              'input:not([readonly]):not([disabled]):not([type="hidden"]), textarea:not([readonly]):not([disabled])',
            );
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          // The Escape that cancels an input method's conversion in a field is not one for the dialog.
          onEscapeKeyDown={(event) => {
            if (isComposing(event)) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (keepOnOutsidePress) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const { opener, region } = returnFocus.current ?? {};
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
              return;
            }
            // The opener is gone. Focus the page has moved on since (an answer's delete puts it on
            // the answers' heading) stays; otherwise the region around the opener takes it.
            const focused = document.activeElement;
            if (focused && focused !== document.body) {
              event.preventDefault();
            } else if (region?.isConnected) {
              event.preventDefault();
              region.focus();
            }
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close">
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
