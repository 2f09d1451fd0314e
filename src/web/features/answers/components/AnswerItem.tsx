import { useState } from 'react';
import type { AnswerJson } from '../../../../shared/api-types';
import { ANSWER_TEXT_MAX } from '../../../../shared/constants';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { CommentIcon, EditIcon, TrashIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { useSession } from '../../../lib/auth-store';
import { useInlineEdit } from '../../../lib/use-inline-edit';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { CommentsSection } from '../../comments/components/CommentsSection';
import { ConfirmDeleteDialog } from '../../comments/components/ConfirmDeleteDialog';
import { VoteControl } from '../../questions/components/VoteControl';
import { useDeleteAnswer } from '../api/delete-answer';
import { useEditAnswer } from '../api/edit-answer';
import { useVoteOnAnswer } from '../api/vote-on-answer';
import styles from './AnswersSection.module.css';

interface AnswerItemProps {
  answer: AnswerJson;
  questionAuthor: string;
  announce: (message: string) => void;
  /** Called once the answer is gone (this item is gone with it). */
  onDeleted: () => void;
}

/**
 * One answer: author, date, text, votes and its comments (open when there are some). Its author
 * may edit it; its author or the question's author may delete it (spec section 6).
 */
export function AnswerItem({ answer, questionAuthor, announce, onDeleted }: AnswerItemProps) {
  const session = useSession();
  const me = session?.user.username;
  const vote = useVoteOnAnswer(answer.questionId, me ?? '');
  const edit = useEditAnswer(answer.questionId);
  const { draft, error, editButton, setText, cancel, submit } = useInlineEdit((text, done) =>
    edit.mutate(
      { answerId: answer._id, answerText: text },
      {
        onSuccess: () => {
          done();
          announce('Answer updated.');
        },
      },
    ),
  );
  const remove = useDeleteAnswer(answer.questionId);
  const [commentsOpen, setCommentsOpen] = useState(answer.commentCount > 0);
  const [confirming, setConfirming] = useState(false);
  const own = me === answer.username;
  const canDelete = me !== undefined && (own || me === questionAuthor);
  const commentsId = `answer-${answer._id}-comments`;
  const edited = answer.updatedAt !== answer.createdAt;
  const allCommentsEmbedded = answer.comments.length >= answer.commentCount;

  return (
    <article className={styles.answer} aria-label={`Answer by @${answer.username}`}>
      <p className={styles.meta}>
        <Avatar name={answer.username} size="sm" />
        <span className={styles.author}>@{answer.username}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={answer.createdAt} title={formatDateTime(answer.createdAt)}>
          {formatDate(answer.createdAt)}
        </time>
        {edited && <span>(edited)</span>}
      </p>
      {draft === null ? (
        <p className={styles.text}>{answer.answerText}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            multiline
            rows={6}
            label="Edit your answer"
            value={draft}
            maxLength={ANSWER_TEXT_MAX}
            error={error}
            autoFocus
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
          <div className={styles.formButtons}>
            <Button variant="ghost" size="sm" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={edit.isPending}>
              {edit.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      )}
      <div className={styles.actions}>
        <VoteControl
          votes={answer.votes}
          subject="answer"
          onReact={(reaction) => vote.mutate({ answerId: answer._id, reaction })}
        />
        <button
          type="button"
          className={styles.action}
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <CommentIcon />
          <span>
            {answer.commentCount}{' '}
            <span className={styles.label}>{answer.commentCount === 1 ? 'Comment' : 'Comments'}</span>
          </span>
        </button>
        {(own || canDelete) && (
          <span className={styles.ownerActions}>
            {own && (
              <button
                ref={editButton}
                type="button"
                className={styles.action}
                aria-label="Edit answer"
                onClick={() => {
                  setText(answer.answerText);
                }}
                disabled={draft !== null}
              >
                <EditIcon />
                <span className={styles.label}>Edit</span>
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className={`${styles.action} ${styles.danger}`}
                aria-label="Delete answer"
                onClick={() => setConfirming(true)}
              >
                <TrashIcon />
                <span className={styles.label}>Delete</span>
              </button>
            )}
          </span>
        )}
      </div>
      <div id={commentsId}>
        {commentsOpen && (
          <CommentsSection
            questionId={answer.questionId}
            answerId={answer._id}
            questionAuthor={questionAuthor}
            answerAuthor={answer.username}
            {...(allCommentsEmbedded ? { initialComments: answer.comments } : {})}
          />
        )}
      </div>
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this answer?"
          description="The answer and its comments will be removed for everyone."
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          // The item unmounts as the answer leaves the list, so the parent hears of it through the promise.
          onConfirm={() => void remove.mutateAsync(answer._id).then(onDeleted, () => {})}
        />
      )}
    </article>
  );
}
