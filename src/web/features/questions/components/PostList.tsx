import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { QuestionPage, QuestionSummaryJson } from '../../../../shared/api-types';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { PostCard } from './PostCard';
import { usePostDialogs } from './PostDialogs';
import styles from './PostList.module.css';
import { useAnnouncement } from '../../../lib/use-announcement';
import { useFocusAfterLastPage } from '../../../lib/use-focus-after-last-page';

interface PostListProps {
  query: UseInfiniteQueryResult<InfiniteData<QuestionPage>>;
  /** What to say when there is nothing to show. */
  empty: ReactNode;
  /** Narrows the loaded posts (bookmarks are filtered by the search box in the browser). */
  filter?: (question: QuestionSummaryJson) => boolean;
  label: string;
  /** What to say when the post that had keyboard focus leaves the list (on Your Bookmarks: unbookmarked). */
  leftMessage?: string;
}

/**
 * Each post once, where it first appears: a trending page read after a vote moved a post can
 * bring it back, and the copy already on screen stays where the reader saw it.
 */
function firstOfEach(questions: QuestionSummaryJson[]): QuestionSummaryJson[] {
  const seen = new Set<string>();
  return questions.filter((q) => !seen.has(q._id) && Boolean(seen.add(q._id)));
}

/**
 * Pages loaded by scrolling at most; after them only Load more goes on, so what follows the list
 * (the suggestions, below it on a phone or tablet) can still be reached.
 */
const SCROLL_LOADED_PAGES = 5;

/**
 * A list of posts, a page at a time: the next page loads when the end scrolls into view (for
 * the first SCROLL_LOADED_PAGES pages), and a 'Load more' button does the same for keyboards and
 * screen readers, and after those pages.
 */
export function PostList({ query, empty, filter, label, leftMessage }: PostListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const [announcement, announce] = useAnnouncement();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadsOnScroll = (query.data?.pages.length ?? 0) < SCROLL_LOADED_PAGES;

  useEffect(() => {
    const node = sentinel.current;
    // After a failed page, the next try is the reader's (Load more), not a loop of the observer's.
    if (!node || !hasNextPage || !loadsOnScroll || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, loadsOnScroll, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const shownCount = query.data ? query.data.pages.reduce((count, page) => count + page.questions.length, 0) : 0;
  const loadingMore = useFocusAfterLastPage(query, shownCount, (index) => {
    const items = section.current?.querySelectorAll<HTMLElement>(':scope > ul > li') ?? [];
    items[Math.min(index, items.length - 1)]?.querySelector<HTMLElement>('[id^="title-"] a')?.focus();
  });

  const onDeleted = () => {
    announce('Post deleted.');
    requestAnimationFrame(() => {
      // The Delete button went with its card; keep keyboard focus in the list, unless the reader
      // has moved on to something else while the delete was on its way.
      const focused = document.activeElement;
      if (!focused || focused === document.body || section.current?.contains(focused)) section.current?.focus();
    });
  };
  const [postDialog, openPostDialog] = usePostDialogs(onDeleted);

  // The post whose card last had keyboard focus, and its place in the list.
  const focusedPost = useRef<{ id: string; index: number } | null>(null);
  const all = query.data ? firstOfEach(query.data.pages.flatMap((page) => page.questions)) : [];
  const questions = filter ? all.filter(filter) : all;
  const shownKey = questions.map((q) => q._id).join(' ');
  // A card that leaves while focus is in it (a post unbookmarked on Your Bookmarks) takes the
  // focused button with it: focus goes on to the post that took its place, or to the list.
  useLayoutEffect(() => {
    const left = focusedPost.current;
    if (!left || shownKey.split(' ').includes(left.id)) return;
    focusedPost.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const items = section.current?.querySelectorAll<HTMLElement>(':scope > ul > li') ?? [];
    const next = items[Math.min(left.index, items.length - 1)]?.querySelector<HTMLElement>('[id^="title-"] a');
    (next ?? section.current)?.focus();
    if (leftMessage) announce(leftMessage);
  }, [shownKey, leftMessage, announce]);

  if (query.isPending) return <Spinner label="Loading posts" />;
  // Only a list that never loaded is replaced by the error; a later page or a refetch that fails
  // keeps the posts already on screen, with the error below them.
  if (query.isLoadingError) return <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>;

  return (
    <section aria-label={label} ref={section} tabIndex={-1} className={styles.section}>
      {/* Narrowed to nothing, the loaded posts say so, with Load more to look further. */}
      {questions.length === 0 && (!hasNextPage || filter) ? (
        <StateMessage>{empty}</StateMessage>
      ) : (
        <ul className={styles.list}>
          {questions.map((question, index) => (
            <li key={question._id} onFocus={() => (focusedPost.current = { id: question._id, index })}>
              <PostCard question={question} onOpenDialog={openPostDialog} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => {
              loadingMore(questions.length);
              void fetchNextPage();
            }}
            busy={isFetchingNextPage}
          >
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {query.isError && <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {postDialog}
    </section>
  );
}
