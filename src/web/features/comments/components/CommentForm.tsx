import { useRef, useState, type FormEvent } from 'react';
import { COMMENT_TEXT_MAX } from '../../../../shared/constants';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { useAddComment } from '../api/add-comment';
import { commentDraftPlace } from '../api/comment-draft-place';
import styles from './CommentsSection.module.css';
import { useSession } from '../../../lib/auth-store';
import { limitCharacters } from '../../../lib/character-limit';
import { useKeptDraft } from '../../../lib/kept-drafts';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { requiredTextProblem } from '../../../../shared/schemas/text';

interface CommentFormProps {
  questionId: string;
  answerId?: string | undefined;
  onAdded: () => void;
  /** Shows a Cancel button (the box was opened on demand) and is called when it is pressed. */
  onCancel?: () => void;
}

/**
 * The 'Add a comment' box: 'Required' when sent empty, cleared once the comment is stored, and
 * kept for the baker's return when their session ends.
 */
export function CommentForm({ questionId, answerId, onAdded, onCancel }: CommentFormProps) {
  const add = useAddComment(questionId, answerId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const username = useSession()?.user.username;
  useKeptDraft(username, commentDraftPlace(questionId, answerId), text, setText);
  useLeaveWarning(text.trim() !== '');
  // The same key for every retry of the same text, so a send that timed out is never stored twice.
  const key = useRef<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const commentText = text.trim();
    const problem = requiredTextProblem(commentText, COMMENT_TEXT_MAX, 'lines');
    if (problem) {
      setError(problem);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    key.current ??= newIdempotencyKey();
    add.mutate(
      { commentText, key: key.current, author: username ?? '' },
      {
        onSuccess: () => {
          setText('');
          key.current = null;
          onAdded();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        multiline
        rows={2}
        label="Add a comment"
        value={text}
        error={error}
        autoFocus={Boolean(onCancel)}
        onChange={(event) => {
          setText(limitCharacters(text, event.target.value, COMMENT_TEXT_MAX));
          setError(undefined);
          key.current = null;
        }}
      />
      <div className={styles.formButtons}>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" busy={add.isPending}>
          {add.isPending ? 'Posting…' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
