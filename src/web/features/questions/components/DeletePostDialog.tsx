import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useOpener } from '../../../lib/use-opener';
import { useDeleteQuestion } from '../api/delete-question';
import styles from './DeletePostDialog.module.css';

interface DeletePostDialogProps {
  questionId: string;
  title: string;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Asks before deleting one's own post, with its answers and comments. It closes by itself when
 * the baker who opened it is signed in no more (`useOpener`).
 */
export function DeletePostDialog({ questionId, title, onClose, onDeleted }: DeletePostDialogProps) {
  const remove = useDeleteQuestion();
  const opener = useOpener(onClose);
  if (opener === undefined) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete this post?"
      description={`“${title}” and its answers and comments will be removed for everyone.`}
    >
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            // A promise, not mutate's callbacks: those are skipped once the dialog is gone (closed
            // with Escape meanwhile, or its card already taken out of the list), and the page must
            // still move on. A failure is shown by the mutation's own onError.
            remove.mutateAsync({ questionId, sender: opener }).then(
              () => {
                onClose();
                onDeleted?.();
              },
              () => {},
            )
          }
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
