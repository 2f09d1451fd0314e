import { MAX_TAG_FILTERS, type Sort } from '../../../shared/constants';
import type { QuestionListParams } from './api/query-keys';

export interface ExploreChip {
  id: string;
  label: string;
  sort: Sort;
  tags: readonly string[];
}

/** The Explore chips of spec section 2: two sorts, then categories mapped to tags (product decision 13). */
export const EXPLORE_CHIPS: readonly ExploreChip[] = [
  { id: 'latest', label: 'Latest', sort: 'latest', tags: [] },
  { id: 'trending', label: 'Trending', sort: 'trending', tags: [] },
  { id: 'recipe', label: 'Recipe', sort: 'latest', tags: ['Recipes'] },
  { id: 'cake', label: 'Cake', sort: 'latest', tags: ['Cake'] },
  { id: 'pastries', label: 'Pastries', sort: 'latest', tags: ['Pastry'] },
  { id: 'breads', label: 'Breads', sort: 'latest', tags: ['Breads', 'Wheat Bread'] },
  { id: 'cookies', label: 'Cookies', sort: 'latest', tags: ['Cookies'] },
  { id: 'baking-tools', label: 'Baking Tools', sort: 'latest', tags: ['Baking Tools'] },
  { id: 'decoration', label: 'Decoration', sort: 'latest', tags: ['Cake Decoration', 'Icing'] },
];

export function exploreChip(id: string | null): ExploreChip {
  return EXPLORE_CHIPS.find((chip) => chip.id === id) ?? EXPLORE_CHIPS[0]!;
}

/** What Explore lists for a URL's search parameters. */
export function exploreParams(search: URLSearchParams): QuestionListParams {
  const chip = exploreChip(search.get('chip'));
  return { sort: chip.sort, tags: chip.tags, q: search.get('q') ?? '' };
}

/**
 * What the feed lists for a URL's search parameters. The server filters by at most
 * MAX_TAG_FILTERS tags, so a link with more keeps its first ones rather than showing an error.
 */
export function feedParams(search: URLSearchParams): QuestionListParams {
  return {
    sort: search.get('sort') === 'oldest' ? 'oldest' : 'latest',
    tags: [...new Set(search.getAll('tag'))].slice(0, MAX_TAG_FILTERS),
    q: search.get('q') ?? '',
  };
}
