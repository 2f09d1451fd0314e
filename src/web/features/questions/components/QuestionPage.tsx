import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { AnswersSection } from '../../answers/components/AnswersSection';
import { useQuestion } from '../api/get-question';
import { questionKeys } from '../api/query-keys';
import { PostCard } from './PostCard';
import { usePostDialogs } from './PostDialogs';
import styles from './QuestionPage.module.css';

/** /question/:questionId: the post with its comments open, then its answers (product decisions 15, 19). */
export default function QuestionPage() {
  const { questionId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuestion(questionId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // The tab names what the page shows, the spinner and the error too, never the page before.
  const title =
    query.data?.questionTitle ??
    (notFound ? 'Post not found' : query.isLoadingError ? 'Post not loaded' : 'Loading post');

  useEffect(() => {
    document.title = `${title} · Crumb`;
  }, [title]);

  // A delete answered after the reader left this post (for another page, or another post on this
  // same page) must not take them to Explore.
  const shown = useRef<string | null>(questionId);
  useEffect(() => {
    shown.current = questionId;
    return () => {
      shown.current = null;
    };
  }, [questionId]);

  // A write refused because the post is gone (deleted since the page loaded) reloads the post, so
  // the page says it is gone instead of offering controls that can only fail.
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        const error = event.type === 'updated' && event.action.type === 'error' ? event.action.error : null;
        if (error instanceof ApiError && error.status === 404 && error.message === messages.questionNotFound) {
          void client.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
        }
      }),
    [client, questionId],
  );

  const showMessage = useSnackbar();
  const [postDialog, openPostDialog] = usePostDialogs(() => {
    if (shown.current !== questionId) return;
    showMessage('Post deleted.');
    // The post's page is gone: Back must not lead to it.
    void navigate('/explore', { replace: true });
  });

  if (query.isPending) return <Spinner label="Loading post" />;
  // A refetch that fails keeps the post on screen, unless the post is gone.
  if (query.isLoadingError || notFound) {
    return notFound ? (
      <StateMessage>
        <h1 className={styles.notFound}>Post not found</h1>
        <p className={styles.notFoundHint}>
          It may have been deleted. <Link to="/explore">Explore other posts</Link>
        </p>
      </StateMessage>
    ) : (
      <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>
    );
  }

  const question = query.data;
  return (
    <div className={styles.page}>
      <PostCard question={question} full onOpenDialog={openPostDialog} />
      <AnswersSection key={question._id} question={question} />
      {postDialog}
    </div>
  );
}
