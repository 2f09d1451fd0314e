import { useSearchParams } from 'react-router';
import type { QuestionSummaryJson } from '../../../../shared/api-types';
import { PageTitle } from '../../../components/PageTitle';
import { useQuestions } from '../api/get-questions';
import styles from './ListPage.module.css';
import { PostList } from './PostList';

/** Case-insensitive match over title, text, author and tags, like the server's search. */
function matches(q: string) {
  const needle = q.trim().toLowerCase();
  return (question: QuestionSummaryJson) =>
    [question.questionTitle, question.questionText, question.username, ...question.tags].some((field) =>
      field.toLowerCase().includes(needle),
    );
}

/** 'Your Bookmarks': the caller's bookmarked posts, newest bookmark first, narrowed by the search box. */
export default function BookmarksPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = useQuestions('bookmarks', {});
  return (
    <>
      <PageTitle title="Your Bookmarks">Your Bookmarks</PageTitle>
      {q && <p className={styles.searching}>Bookmarks matching “{q}”</p>}
      <PostList
        query={query}
        label="Bookmarked posts"
        leftMessage="Bookmark removed."
        empty={q ? "Couldn't find any matches!" : 'No posts found'}
        {...(q.trim() ? { filter: matches(q) } : {})}
      />
    </>
  );
}
