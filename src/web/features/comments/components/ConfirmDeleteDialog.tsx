import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useOpener } from '../../../lib/use-opener';
import styles from './ConfirmDeleteDialog.module.css';

interface ConfirmDeleteDialogProps {
  title: string;
  description: string;
  pending: boolean;
  /** Sends the delete as `sender`, the baker the dialog was opened as. */
  onConfirm: (sender: string) => void;
  onClose: () => void;
}

/**
 * Asks before deleting a comment or an answer; Escape or Cancel keeps it. It closes by itself
 * when the baker who opened it is signed in no more (`useOpener`).
 */
export function ConfirmDeleteDialog({ title, description, pending, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const opener = useOpener(onClose);
  if (opener === undefined) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={pending} onClick={() => onConfirm(opener)}>
          {pending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
