import { useSearchParams } from 'react-router';
import { ChipButton } from '../../../components/Chip';
import { PageTitle } from '../../../components/PageTitle';
import { useQuestions } from '../api/get-questions';
import { EXPLORE_CHIPS, exploreChip, exploreParams } from '../list-params';
import styles from './ListPage.module.css';
import { PostList } from './PostList';

/** Explore: every post, by a sort or a category chip, and the search box (spec section 2). */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const chip = exploreChip(params.get('chip'));
  const q = params.get('q') ?? '';
  const query = useQuestions('explore', exploreParams(params));

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
      <div className={styles.chips} role="group" aria-label="Sort and categories">
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
