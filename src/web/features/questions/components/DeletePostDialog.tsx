import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useSession } from '../../../lib/auth-store';
import { useDeleteQuestion } from '../api/delete-question';
import styles from './DeletePostDialog.module.css';

interface DeletePostDialogProps {
  questionId: string;
  title: string;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting one's own post, with its answers and comments. */
export function DeletePostDialog({ questionId, title, onClose, onDeleted }: DeletePostDialogProps) {
  const remove = useDeleteQuestion();
  const me = useSession()?.user.username;
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
            remove.mutateAsync({ questionId, sender: me ?? '' }).then(
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
