import { CommentIcon } from './icons';
import bar from './ActionBar.module.css';

interface CommentsToggleProps {
  count: number;
  open: boolean;
  /** The id of the comments it shows and hides. */
  controls: string;
  onToggle: () => void;
}

/** 'N Comments' in a post's or an answer's action row: shows or hides its comments. */
export function CommentsToggle({ count, open, controls, onToggle }: CommentsToggleProps) {
  return (
    <button type="button" className={bar.action} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <CommentIcon />
      <span>
        {count} <span className={bar.label}>{count === 1 ? 'Comment' : 'Comments'}</span>
      </span>
    </button>
  );
}
