import { Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { QuestionSummaryJson } from '../../../../shared/api-types';
import bar from '../../../components/ActionBar.module.css';
import { TagChip } from '../../../components/Chip';
import { CommentsToggle } from '../../../components/CommentsToggle';
import { Spinner } from '../../../components/Spinner';
import { BookmarkIcon, EditIcon, ShareIcon, TrashIcon } from '../../../components/icons';
import { useSession } from '../../../lib/auth-store';
import { hasKeptComment } from '../../comments/api/comment-draft-place';
import { commentThreadPlace } from '../../comments/comment-thread-place';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { lazyPart, PartBoundary, PartLoadFailed } from '../../../lib/lazy-part';
import { originOf } from '../../../lib/navigation';
import { useReactToQuestion } from '../api/react-to-question';
import { useToggleBookmark } from '../api/toggle-bookmark';
import styles from './PostCard.module.css';
import type { OpenPostDialog } from './PostDialogs';
import { VoteControl } from './VoteControl';

// Loaded when first opened, so a list of posts costs only the cards themselves.
const CommentsSection = lazyPart(() =>
  import('../../comments/components/CommentsSection').then((m) => ({ default: m.CommentsSection })),
);

interface PostCardProps {
  question: QuestionSummaryJson;
  /** On the question's own page: full text, title as the page heading, comments open. */
  full?: boolean;
  /** Opens the post's Share, Edit or Delete dialog, which the list or page holds (see usePostDialogs). */
  onOpenDialog: OpenPostDialog;
}

/** A post: title and text, author, tags, score with votes, comments, share and bookmark (spec section 2). */
export function PostCard({ question, full = false, onOpenDialog }: PostCardProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const react = useReactToQuestion(question._id);
  const bookmark = useToggleBookmark(question._id);
  // Open on the post's page, or with a comment its author typed here when their session ended,
  // or when 'Sign in to comment' on this card led back here (CommentsSection).
  const [commentsOpen, setCommentsOpen] = useState(
    () =>
      full ||
      hasKeptComment(session?.user.username, question._id, undefined) ||
      (session !== null && location.hash === `#${commentThreadPlace(question._id)}`),
  );
  const own = session?.user.username === question.username;
  const href = `/question/${encodeURIComponent(question.id)}`;
  const Heading = full ? 'h1' : 'h2';
  const commentsId = `comments-${question._id}`;

  const toggleBookmark = () => {
    if (!session) {
      void navigate('/signIn', { state: originOf(location) });
      return;
    }
    bookmark.mutate({ questionId: question._id, bookmarked: !question.bookmarked, sender: session.user.username });
  };

  return (
    <article className={`${styles.card} ${full ? styles.full : ''}`} aria-labelledby={`title-${question._id}`}>
      <p className={styles.meta}>
        Posted by <span className={styles.author}>@{question.username}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={question.createdAt} title={formatDateTime(question.createdAt)}>
          {formatDate(question.createdAt)}
        </time>
      </p>
      <Heading id={`title-${question._id}`} className={styles.title}>
        {full ? question.questionTitle : <Link to={href}>{question.questionTitle}</Link>}
      </Heading>
      {full ? (
        <p className={styles.textFull}>{question.questionText}</p>
      ) : (
        <Link to={href} className={styles.text} tabIndex={-1} aria-hidden="true">
          {question.questionText}
        </Link>
      )}
      {question.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {question.tags.map((tag) => (
            <li key={tag}>
              <TagChip>{tag}</TagChip>
            </li>
          ))}
        </ul>
      )}
      <div className={bar.actions}>
        <VoteControl
          votes={question.votes}
          subject="post"
          onReact={(reaction) =>
            react.mutate({ questionId: question._id, reaction, voter: session?.user.username ?? '' })
          }
        />
        <CommentsToggle
          count={question.commentCount}
          open={commentsOpen}
          controls={commentsId}
          onToggle={() => setCommentsOpen((open) => !open)}
        />
        <button type="button" className={bar.action} onClick={() => onOpenDialog('share', question)}>
          <ShareIcon />
          <span className={bar.label}>Share</span>
        </button>
        <button
          type="button"
          className={`${bar.action} ${question.bookmarked ? bar.active : ''}`}
          onClick={toggleBookmark}
        >
          <BookmarkIcon filled={question.bookmarked} />
          <span className={bar.label}>{question.bookmarked && session ? 'Remove Bookmark' : 'Add Bookmark'}</span>
        </button>
        {own && (
          <span className={bar.ownerActions}>
            <button
              type="button"
              className={bar.action}
              onClick={() => onOpenDialog('edit', question)}
              title="Edit post"
            >
              <EditIcon />
              <span className="visually-hidden">Edit post</span>
            </button>
            <button
              type="button"
              className={`${bar.action} ${bar.danger}`}
              onClick={() => onOpenDialog('delete', question)}
              title="Delete post"
            >
              <TrashIcon />
              <span className="visually-hidden">Delete post</span>
            </button>
          </span>
        )}
      </div>
      {!full && question.answerCount > 0 && (
        <p className={styles.answers}>
          <Link to={href}>
            {question.answerCount} {question.answerCount === 1 ? 'answer' : 'answers'}
          </Link>
        </p>
      )}
      {/* Focusable, so focus has a place to stay while Try again downloads the comments anew. */}
      <div id={commentsId} tabIndex={-1}>
        {commentsOpen && (
          <PartBoundary fallback={(retry) => <PartLoadFailed onRetry={retry} />}>
            <Suspense fallback={<Spinner label="Loading comments" />}>
              <CommentsSection questionId={question._id} questionAuthor={question.username} />
            </Suspense>
          </PartBoundary>
        )}
      </div>
    </article>
  );
}
