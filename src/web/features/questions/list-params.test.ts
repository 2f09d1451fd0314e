import { describe, expect, it } from 'vitest';
import { TAG_OPTIONS } from '../../../shared/constants';
import { EXPLORE_CHIPS, exploreParams, feedParams } from './list-params';

describe('list parameters from the URL', () => {
  it('maps every Explore chip to a sort or to tags that exist (product decision 13)', () => {
    expect(EXPLORE_CHIPS.map((c) => c.label)).toEqual([
      'Latest',
      'Trending',
      'Recipe',
      'Cake',
      'Pastries',
      'Breads',
      'Cookies',
      'Baking Tools',
      'Decoration',
    ]);
    for (const chip of EXPLORE_CHIPS) {
      for (const tag of chip.tags) expect(TAG_OPTIONS).toContain(tag);
    }
    expect(exploreParams(new URLSearchParams('chip=breads&q=rye'))).toEqual({
      sort: 'latest',
      tags: ['Breads', 'Wheat Bread'],
      q: 'rye',
    });
    expect(exploreParams(new URLSearchParams('chip=trending'))).toMatchObject({ sort: 'trending', tags: [] });
  });

  it('falls back to Latest for an unknown chip, and to latest for an unknown feed sort', () => {
    expect(exploreParams(new URLSearchParams('chip=nope'))).toEqual({ sort: 'latest', tags: [], q: '' });
    expect(feedParams(new URLSearchParams('sort=trending&tag=Cake&tag=Icing'))).toEqual({
      sort: 'latest',
      tags: ['Cake', 'Icing'],
      q: '',
    });
    expect(feedParams(new URLSearchParams('sort=oldest'))).toMatchObject({ sort: 'oldest' });
  });

  it("keeps a feed link's first ten different tags, the most the server filters by", () => {
    const many = new URLSearchParams([['tag', 'Cake'], ...Array.from({ length: 12 }, (_, i) => ['tag', `Tag ${i}`])]);
    many.append('tag', 'Cake');
    const { tags } = feedParams(many);
    expect(tags).toHaveLength(10);
    expect(tags?.[0]).toBe('Cake');
    expect(new Set(tags).size).toBe(10);
  });
});
