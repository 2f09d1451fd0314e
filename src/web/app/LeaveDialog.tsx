import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { LEAVE_EXPLANATION, LEAVE_QUESTION } from '../lib/use-leave-warning';
import styles from './LeaveDialog.module.css';

/** Asks whether to leave a page holding unsent text; Escape, Close or Stay keeps the page. */
export default function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onStay()} title={LEAVE_QUESTION} description={LEAVE_EXPLANATION}>
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onStay}>
          Stay
        </Button>
        <Button variant="danger" onClick={onLeave}>
          Leave
        </Button>
      </div>
    </Dialog>
  );
}
