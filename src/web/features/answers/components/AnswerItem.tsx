import { useState } from 'react';
import { useLocation } from 'react-router';
import type { AnswerJson } from '../../../../shared/api-types';
import { ANSWER_TEXT_MAX } from '../../../../shared/constants';
import bar from '../../../components/ActionBar.module.css';
import { Avatar } from '../../../components/Avatar';
import { InlineEditForm } from '../../../components/InlineEditForm';
import { EditIcon, TrashIcon } from '../../../components/icons';
import { CommentsToggle } from '../../../components/CommentsToggle';
import { useSession } from '../../../lib/auth-store';
import { useInlineEdit } from '../../../lib/use-inline-edit';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { hasKeptComment } from '../../comments/api/comment-draft-place';
import { commentThreadPlace } from '../../comments/comment-thread-place';
import { CommentsSection } from '../../comments/components/CommentsSection';
import { ConfirmDeleteDialog } from '../../comments/components/ConfirmDeleteDialog';
import { VoteControl } from '../../questions/components/VoteControl';
import { useDeleteAnswer } from '../api/delete-answer';
import { answerEditDraftPlace, useEditAnswer } from '../api/edit-answer';
import { useVoteOnAnswer } from '../api/vote-on-answer';
import styles from './AnswersSection.module.css';

interface AnswerItemProps {
  answer: AnswerJson;
  /** When the page of answers that brought this one was read (its comments are as fresh). */
  loadedAt: number;
  questionAuthor: string;
  announce: (message: string) => void;
  /** Called once the answer is gone (this item is gone with it). */
  onDeleted: () => void;
}

/**
 * One answer: author, date, text, votes and its comments (open when there are some). Its author
 * may edit it; its author or the question's author may delete it (spec section 6).
 */
export function AnswerItem({ answer, loadedAt, questionAuthor, announce, onDeleted }: AnswerItemProps) {
  const session = useSession();
  const me = session?.user.username;
  const vote = useVoteOnAnswer(answer.questionId, answer._id);
  const edit = useEditAnswer(answer.questionId);
  const { editButton, ...editing } = useInlineEdit(
    ANSWER_TEXT_MAX,
    (text, done) =>
      edit.mutate(
        { answerId: answer._id, answerText: text, editor: me ?? '' },
        {
          onSuccess: () => {
            done();
            announce('Answer updated.');
          },
        },
      ),
    { editor: me, place: answerEditDraftPlace(answer._id) },
  );
  const remove = useDeleteAnswer(answer.questionId);
  // Open when there are comments, or a comment its author typed here when their session ended,
  // or when 'Sign in to comment' led back here (CommentsSection).
  const { hash } = useLocation();
  const [commentsOpen, setCommentsOpen] = useState(
    () =>
      answer.commentCount > 0 ||
      hasKeptComment(me, answer.questionId, answer._id) ||
      hash === `#${commentThreadPlace(answer.questionId, answer._id)}`,
  );
  const [confirming, setConfirming] = useState(false);
  const own = me === answer.username;
  const canDelete = me !== undefined && (own || me === questionAuthor);
  const commentsId = `answer-${answer._id}-comments`;
  const edited = answer.updatedAt !== answer.createdAt;
  const allCommentsEmbedded = answer.comments.length >= answer.commentCount;

  return (
    // Focusable from script only: Load more answers hands keyboard focus to the first new one.
    <article className={styles.answer} aria-label={`Answer by @${answer.username}`} tabIndex={-1}>
      <p className={styles.meta}>
        <Avatar name={answer.username} size="sm" />
        <span className={styles.author}>@{answer.username}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={answer.createdAt} title={formatDateTime(answer.createdAt)}>
          {formatDate(answer.createdAt)}
        </time>
        {edited && <span>(edited)</span>}
      </p>
      {editing.draft === null ? (
        <p className={styles.text}>{answer.answerText}</p>
      ) : (
        <InlineEditForm
          editing={editing}
          className={styles.form}
          label="Edit your answer"
          rows={6}
          maxCharacters={ANSWER_TEXT_MAX}
          saving={edit.isPending}
        />
      )}
      <div className={bar.actions}>
        <VoteControl
          votes={answer.votes}
          subject="answer"
          onReact={(reaction) => vote.mutate({ answerId: answer._id, reaction, voter: me ?? '' })}
        />
        <CommentsToggle
          count={answer.commentCount}
          open={commentsOpen}
          controls={commentsId}
          onToggle={() => setCommentsOpen((open) => !open)}
        />
        {(own || canDelete) && (
          <span className={bar.ownerActions}>
            {own && (
              <button
                ref={editButton}
                type="button"
                className={bar.action}
                aria-label="Edit answer"
                onClick={() => {
                  editing.setText(answer.answerText);
                }}
                disabled={editing.draft !== null}
              >
                <EditIcon />
                <span className={bar.label}>Edit</span>
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className={`${bar.action} ${bar.danger}`}
                aria-label="Delete answer"
                onClick={() => setConfirming(true)}
              >
                <TrashIcon />
                <span className={bar.label}>Delete</span>
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
            {...(allCommentsEmbedded ? { initialComments: { comments: answer.comments, loadedAt } } : {})}
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
          onConfirm={(sender) => void remove.mutateAsync({ answerId: answer._id, sender }).then(onDeleted, () => {})}
        />
      )}
    </article>
  );
}
