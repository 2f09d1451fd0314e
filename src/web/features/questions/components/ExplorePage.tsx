import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ChipButton } from '../../../components/Chip';
import { PageTitle } from '../../../components/PageTitle';
import { useQuestions } from '../api/get-questions';
import { EXPLORE_CHIPS, exploreChip, exploreParams } from '../list-params';
import styles from './ListPage.module.css';
import { PostList } from './PostList';

/** Room left beside a chip scrolled into the row, so the next one shows that there are more. */
const CHIP_ROW_MARGIN = 24;

/** Explore: every post, by a sort or a category chip, and the search box (spec section 2). */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const chip = exploreChip(params.get('chip'));
  const q = params.get('q') ?? '';
  const query = useQuestions('explore', exploreParams(params));
  const chipRow = useRef<HTMLDivElement>(null);

  // On a phone the chips are one row that scrolls sideways: the chosen one is brought into it,
  // or a list opened by a link or Back would look unfiltered.
  useLayoutEffect(() => {
    const row = chipRow.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chosen) return;
    const rowBox = row.getBoundingClientRect();
    const chipBox = chosen.getBoundingClientRect();
    if (chipBox.left < rowBox.left) row.scrollLeft -= rowBox.left - chipBox.left + CHIP_ROW_MARGIN;
    else if (chipBox.right > rowBox.right) row.scrollLeft += chipBox.right - rowBox.right + CHIP_ROW_MARGIN;
  }, [chip.id]);

  const choose = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === 'latest') next.delete('chip');
      else next.set('chip', id);
      return next;
    });

  return (
    <>
      <PageTitle title="Explore">Explore</PageTitle>
      <div ref={chipRow} className={styles.chips} role="group" aria-label="Sort and categories">
        {EXPLORE_CHIPS.map((c) => (
          <ChipButton
            key={c.id}
            selected={c.id === chip.id}
            aria-pressed={c.id === chip.id}
            onClick={() => choose(c.id)}
          >
            {c.label}
          </ChipButton>
        ))}
      </div>
      {q && <p className={styles.searching}>Results for “{q}”</p>}
      <PostList
        query={query}
        label="Posts"
        empty={q || chip.tags.length > 0 ? "Couldn't find any matches!" : 'No posts found'}
      />
    </>
  );
}
