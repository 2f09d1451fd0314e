import { useEffect, useRef } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { QuestionPage } from '../../../../shared/api-types';
import type { Sort } from '../../../../shared/constants';
import { ChipButton } from '../../../components/Chip';
import { CloseIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/PageTitle';
import { useQuestions } from '../api/get-questions';
import { questionKeys } from '../api/query-keys';
import { feedParams } from '../list-params';
import { FilterPopover } from './FilterPopover';
import styles from './ListPage.module.css';
import { PostList } from './PostList';

type FeedSort = Extract<Sort, 'latest' | 'oldest'>;

/** 'Latest Posts': the caller's posts and those of bakers they follow, with tag filters, sort and search. */
export default function FeedPage() {
  const [params, setParams] = useSearchParams();
  const listParams = feedParams(params);
  const sort = listParams.sort as FeedSort;
  const tags = [...(listParams.tags ?? [])];
  const q = listParams.q ?? '';
  const query = useQuestions('feed', listParams);

  // The popover offers the tags of every feed page loaded so far (so a second tag can be added
  // while the first filters the list), plus the ones already chosen.
  const client = useQueryClient();
  const seenTags = new Set(tags);
  for (const [, data] of client.getQueriesData<InfiniteData<QuestionPage>>({
    queryKey: questionKeys.listsOf('feed'),
  })) {
    for (const page of data?.pages ?? []) {
      for (const question of page.questions) question.tags.forEach((t) => seenTags.add(t));
    }
  }
  const tagOptions = [...seenTags].sort((a, b) => a.localeCompare(b));

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const setTags = (list: string[]) =>
    update((next) => {
      next.delete('tag');
      list.forEach((t) => next.append('tag', t));
    });
  const setSort = (value: FeedSort) =>
    update((next) => (value === 'latest' ? next.delete('sort') : next.set('sort', value)));

  const filtered = tags.length > 0 || q.trim() !== '';

  // A removed chip takes its focused button with it: focus goes on to the chip that took its
  // place (or the one before it), and to the Filter button once none is left. The router renders
  // the new address in a transition, so focus moves once the list of tags has changed, not at the
  // next frame, which can come before the removed chip is gone.
  const chips = useRef<HTMLDivElement>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const removedIndex = useRef<number | null>(null);
  const removeTag = (index: number) => {
    removedIndex.current = index;
    setTags(tags.filter((_, i) => i !== index));
  };
  const tagList = tags.join('\n');
  useEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    const left = chips.current?.querySelectorAll<HTMLElement>('button') ?? [];
    const next = left[Math.min(index, left.length - 1)];
    if (next) next.focus();
    else filterButton.current?.focus();
  }, [tagList]);
  return (
    <>
      <PageTitle
        title="Latest Posts"
        actions={
          <FilterPopover
            tags={tagOptions}
            selected={tags}
            onTagsChange={setTags}
            sort={sort}
            onSortChange={setSort}
            triggerRef={filterButton}
          />
        }
      >
        Latest Posts
      </PageTitle>
      {tags.length > 0 && (
        <div ref={chips} className={styles.filters} role="group" aria-label="Tag filters">
          {tags.map((tag, index) => (
            <ChipButton key={tag} selected onClick={() => removeTag(index)} aria-label={`Remove filter ${tag}`}>
              {tag}
              <CloseIcon width="14" height="14" />
            </ChipButton>
          ))}
        </div>
      )}
      {q && <p className={styles.searching}>Results for “{q}”</p>}
      <PostList
        query={query}
        label="Feed"
        empty={filtered ? "Couldn't find any matches!" : 'Start following fellow bakers to view their posts'}
      />
    </>
  );
}
