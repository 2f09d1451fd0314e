import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { useSession } from '../../../lib/auth-store';
import { originOf } from '../../../lib/navigation';
import { lastOfEach } from '../../../lib/last-of-each';
import { usePostedBeyond } from '../../../lib/posted-here';
import type { CommentJson } from '../../../../shared/api-types';
import { hasKeptComment } from '../api/comment-draft-place';
import { useComments, type EmbeddedComments } from '../api/get-comments';
import { commentKeys } from '../api/query-keys';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import styles from './CommentsSection.module.css';
import { useAnnouncement } from '../../../lib/use-announcement';
import { useFocusAfterLastPage } from '../../../lib/use-focus-after-last-page';
import { useReturnToPlace } from '../../../lib/use-return-to-place';
import { commentThreadPlace } from '../comment-thread-place';
import { afterDialogsClose } from '../../../lib/after-dialogs-close';

export interface CommentsSectionProps {
  questionId: string;
  /** Comments of this answer instead of the question's own. */
  answerId?: string;
  /** The question's author, who may delete any comment on the question and its answers (spec section 6). */
  questionAuthor?: string;
  /** The answer's author, who may delete any comment on that answer. */
  answerAuthor?: string;
  /** The answer's comments that came with its page of answers, when they are all of them. */
  initialComments?: EmbeddedComments;
}

/**
 * A thread of comments with its 'Add a comment' box. A question's newest comments come first,
 * so its box sits above the list; an answer's come oldest first, with the box below (spec section 4).
 */
export function CommentsSection({
  questionId,
  answerId,
  questionAuthor,
  answerAuthor,
  initialComments,
}: CommentsSectionProps) {
  const session = useSession();
  const location = useLocation();
  const query = useComments(questionId, answerId, initialComments);
  const [announcement, setAnnouncement] = useAnnouncement();
  const place = commentThreadPlace(questionId, answerId);
  // An answer's box opens on demand, so a page of answers is not a page of empty boxes, or with
  // the comment its author typed there when their session ended, or for the baker who has just
  // signed in to comment there.
  const [boxOpen, setBoxOpen] = useState(
    () =>
      !answerId ||
      hasKeptComment(session?.user.username, questionId, answerId) ||
      (session !== null && location.hash === `#${place}`),
  );
  const opener = useRef<HTMLButtonElement>(null);
  const section = useRef<HTMLDivElement>(null);
  const me = session?.user.username;
  // 'Sign in to comment' leads back to this thread, with its box open.
  useReturnToPlace(
    place,
    session !== null && boxOpen,
    useCallback(() => section.current?.querySelector('textarea'), []),
  );
  const label = answerId ? 'Comments on this answer' : 'Comments on this post';

  const closeBox = () => {
    setBoxOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  let addArea;
  if (!session) {
    addArea = (
      <p className={styles.signIn}>
        <Link to="/signIn" state={originOf({ ...location, hash: `#${place}` })}>
          Sign in to comment
        </Link>
      </p>
    );
  } else if (boxOpen) {
    addArea = (
      <CommentForm
        questionId={questionId}
        answerId={answerId}
        onAdded={() => {
          setAnnouncement('Comment added.');
          if (answerId) closeBox();
        }}
        {...(answerId ? { onCancel: closeBox } : {})}
      />
    );
  } else {
    addArea = (
      <button
        ref={opener}
        type="button"
        className={`${styles.textButton} ${styles.addButton}`}
        onClick={() => setBoxOpen(true)}
      >
        Add a comment
      </button>
    );
  }

  const comments = query.data ? lastOfEach(query.data.pages.flatMap((page) => page.comments)) : [];
  const postedBeyond = usePostedBeyond<CommentJson>(
    commentKeys.thread(questionId, answerId),
    comments,
    query.hasNextPage,
  ).map(({ item }) => item);

  const loadingMore = useFocusAfterLastPage(query, comments.length, (index) => {
    const items = section.current?.querySelector('ul')?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    items[Math.min(index, items.length - 1)]?.focus();
  });

  const onDeleted = () => {
    setAnnouncement('Comment deleted.');
    // The Delete button went with the comment; keep keyboard focus in this thread, once the
    // confirmation has closed (while open it would pull focus back, then leave it on the page).
    afterDialogsClose(() => section.current?.focus());
  };
  const commentList = (items: CommentJson[]) => (
    <ul className={styles.list} aria-label={label}>
      {items.map((comment) => (
        <CommentItem
          key={comment._id}
          comment={comment}
          questionId={questionId}
          answerId={answerId}
          canEdit={comment.username === me}
          canDelete={
            me !== undefined &&
            (comment.username === me || questionAuthor === me || (!!answerId && answerAuthor === me))
          }
          announce={setAnnouncement}
          onDeleted={onDeleted}
        />
      ))}
    </ul>
  );

  let body;
  if (query.isPending) body = <Spinner label="Loading comments" />;
  // A thread that never loaded shows the error in its place; a later page or refetch that fails
  // keeps the comments already shown.
  else if (query.isLoadingError) body = <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>;
  else {
    body = (
      <>
        {comments.length > 0 ? commentList(comments) : <p className={styles.empty}>No comments yet.</p>}
        {query.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className={styles.more}
            onClick={() => {
              loadingMore(comments.length);
              void query.fetchNextPage();
            }}
            busy={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
          </Button>
        )}
        {postedBeyond.length > 0 && commentList(postedBeyond)}
        {query.isError && (
          <p className={styles.error} role="alert">
            Some error occurred. Try reloading!
          </p>
        )}
      </>
    );
  }

  return (
    <div ref={section} id={place} className={styles.section} tabIndex={-1}>
      {!answerId && addArea}
      {body}
      {answerId && addArea}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
