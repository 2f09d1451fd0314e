import { useState } from 'react';
import type { CommentJson } from '../../../../shared/api-types';
import { COMMENT_TEXT_MAX } from '../../../../shared/constants';
import { InlineEditForm } from '../../../components/InlineEditForm';
import { useSession } from '../../../lib/auth-store';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useInlineEdit } from '../../../lib/use-inline-edit';
import { useDeleteComment } from '../api/delete-comment';
import { commentEditDraftPlace, useEditComment } from '../api/edit-comment';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import styles from './CommentsSection.module.css';

interface CommentItemProps {
  comment: CommentJson;
  questionId: string;
  answerId?: string | undefined;
  canEdit: boolean;
  canDelete: boolean;
  announce: (message: string) => void;
  /** Called once the comment is gone (this item is gone with it). */
  onDeleted: () => void;
}

/** One comment: who and when, the text (always as text), and Edit/Delete where the reader may. */
export function CommentItem({
  comment,
  questionId,
  answerId,
  canEdit,
  canDelete,
  announce,
  onDeleted,
}: CommentItemProps) {
  const edit = useEditComment(questionId, answerId);
  const me = useSession()?.user.username;
  const { editButton, ...editing } = useInlineEdit(
    COMMENT_TEXT_MAX,
    (text, done) =>
      edit.mutate(
        { commentId: comment._id, commentText: text, editor: me ?? '' },
        {
          onSuccess: () => {
            done();
            announce('Comment updated.');
          },
        },
      ),
    { editor: me, place: commentEditDraftPlace(comment._id) },
  );
  const remove = useDeleteComment(questionId, answerId);
  const [confirming, setConfirming] = useState(false);
  const fullName = `${comment.firstName ?? ''} ${comment.lastName ?? ''}`.trim();
  const edited = comment.updatedAt !== comment.createdAt;

  return (
    // Focusable from script only: Load more comments hands keyboard focus to the first new one.
    <li className={styles.comment} tabIndex={-1}>
      <p className={styles.byline}>
        <span className={styles.name}>{fullName || `@${comment.username}`}</span>
        {fullName && <span className={styles.username}>@{comment.username}</span>}
        <span aria-hidden="true" className={styles.dot}>
          ·
        </span>
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className={styles.date}>
          {formatDate(comment.createdAt)}
        </time>
        {edited && <span className={styles.date}>(edited)</span>}
      </p>
      {editing.draft === null ? (
        <p className={styles.text}>{comment.commentText}</p>
      ) : (
        <InlineEditForm
          editing={editing}
          className={styles.editForm}
          label="Edit comment"
          rows={2}
          maxCharacters={COMMENT_TEXT_MAX}
          saving={edit.isPending}
        />
      )}
      {editing.draft === null && (canEdit || canDelete) && (
        <div className={styles.commentActions}>
          {canEdit && (
            <button
              ref={editButton}
              type="button"
              className={styles.textButton}
              aria-label="Edit comment"
              onClick={() => {
                editing.setText(comment.commentText);
              }}
            >
              Edit
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className={`${styles.textButton} ${styles.danger}`}
              aria-label="Delete comment"
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this comment?"
          description="The comment will be removed for everyone."
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          // The item unmounts as the comment leaves the list, so the parent hears of it through the promise.
          onConfirm={(sender) => void remove.mutateAsync({ commentId: comment._id, sender }).then(onDeleted, () => {})}
        />
      )}
    </li>
  );
}
