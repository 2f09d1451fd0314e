import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
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
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(questionId, {
              onSuccess: () => {
                onClose();
                onDeleted?.();
              },
            })
          }
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
