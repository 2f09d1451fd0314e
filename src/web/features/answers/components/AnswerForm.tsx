import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ANSWER_TEXT_MAX } from '../../../../shared/constants';
import { Button } from '../../../components/Button';
import { useSession } from '../../../lib/auth-store';
import { limitCharacters } from '../../../lib/character-limit';
import { useKeptDraft } from '../../../lib/kept-drafts';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { originOf } from '../../../lib/navigation';
import { useReturnToPlace } from '../../../lib/use-return-to-place';
import { answerDraftPlace, useAddAnswer } from '../api/add-answer';
import styles from './AnswersSection.module.css';
import { requiredTextProblem } from '../../../../shared/schemas/text';

/** Where 'Sign in to answer' leads back to. */
const ANSWER_PLACE = 'your-answer';

/** 'Your Answer': the box to answer the question, or a way to sign in first. */
export function AnswerForm({ questionId, onAdded }: { questionId: string; onAdded: () => void }) {
  const session = useSession();
  const location = useLocation();
  const add = useAddAnswer(questionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  // What was typed when the session ended comes back once the baker has signed in again.
  useKeptDraft(session?.user.username, answerDraftPlace(questionId), text, setText);
  useLeaveWarning(text.trim() !== '');
  // The same key for every retry of the same text, so a send whose answer was lost is never stored twice.
  const key = useRef<string | null>(null);
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  useReturnToPlace(
    ANSWER_PLACE,
    session !== null,
    useCallback(() => textarea.current, []),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const answerText = text.trim();
    const problem = requiredTextProblem(answerText, ANSWER_TEXT_MAX, 'lines');
    if (problem) {
      setError(problem);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    key.current ??= newIdempotencyKey();
    add.mutate(
      { answerText, key: key.current, author: session?.user.username ?? '' },
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
    <section id={ANSWER_PLACE} className={styles.yourAnswer} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {session ? <label htmlFor={`${id}-text`}>Your Answer</label> : 'Your Answer'}
      </h2>
      {session ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            className={`${styles.textarea} ${error ? styles.invalid : ''}`}
            rows={6}
            value={text}
            placeholder="Share what worked for you…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setText(limitCharacters(text, event.target.value, ANSWER_TEXT_MAX));
              setError(undefined);
              key.current = null;
            }}
          />
          {error && (
            <p id={errorId} className={styles.error}>
              {error}
            </p>
          )}
          <div className={styles.formButtons}>
            <Button type="submit" busy={add.isPending}>
              {add.isPending ? 'Posting…' : 'Post Answer'}
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.signIn}>
          <Link to="/signIn" state={originOf({ ...location, hash: `#${ANSWER_PLACE}` })}>
            Sign in to answer
          </Link>
        </p>
      )}
    </section>
  );
}
