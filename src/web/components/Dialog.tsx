import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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

/** A modal dialog: focus kept inside, Escape and the close button dismiss it, focus returns on close. */
export function Dialog({ open, onOpenChange, title, description, keepOnOutsidePress = false, children }: DialogProps) {
  // Our dialogs open from state, not from a Radix Trigger, so Radix has no trigger to return
  // focus to: remember what had focus when the dialog opened (the button that opened it).
  const returnFocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(event) => {
            if (keepOnOutsidePress) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
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
