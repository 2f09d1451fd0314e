import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import styles from './ConfirmDeleteDialog.module.css';

interface ConfirmDeleteDialogProps {
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting a comment or an answer; Escape or Cancel keeps it. */
export function ConfirmDeleteDialog({ title, description, pending, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={pending} onClick={onConfirm}>
          {pending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
