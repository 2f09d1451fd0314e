import { cleanText, isWellFormed } from '../../../shared/clean-text';
import { MAX_TAG_FILTERS, MAX_TAG_LENGTH, SEARCH_MAX, type Sort } from '../../../shared/constants';
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

/*
 * A link's parameters are held to the rules the server checks them by (`questionListQuery`), so
 * that a hand-edited or cut-off link lists what it can instead of an error that reloading would
 * only repeat.
 */

/**
 * A link's search text as the server takes it: with no NUL, and at most SEARCH_MAX characters, cut
 * without splitting a character in two (URLSearchParams already reads any other unpaired
 * surrogate as U+FFFD).
 */
function searchText(search: URLSearchParams): string {
  const text = (search.get('q') ?? '').replaceAll('\u0000', '').slice(0, SEARCH_MAX);
  return isWellFormed(text) ? text : text.slice(0, -1);
}

/** What Explore lists for a URL's search parameters. */
export function exploreParams(search: URLSearchParams): QuestionListParams {
  const chip = exploreChip(search.get('chip'));
  return { sort: chip.sort, tags: chip.tags, q: searchText(search) };
}

/**
 * What the feed lists for a URL's search parameters. A tag the server would refuse (blank, too
 * long) is left out, and the server filters by at most MAX_TAG_FILTERS tags, so a link with more
 * keeps its first ones.
 */
export function feedParams(search: URLSearchParams): QuestionListParams {
  const tags = search
    .getAll('tag')
    .map((tag) => cleanText(tag, 'line').trim())
    .filter((tag) => tag.length > 0 && tag.length <= MAX_TAG_LENGTH && isWellFormed(tag));
  return {
    sort: search.get('sort') === 'oldest' ? 'oldest' : 'latest',
    tags: [...new Set(tags)].slice(0, MAX_TAG_FILTERS),
    q: searchText(search),
  };
}
