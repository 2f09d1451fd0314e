import { describe, expect, it } from 'vitest';
import { TAG_OPTIONS } from '../../../shared/constants';
import { questionListQuery } from '../../../shared/schemas/lists';
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

  it("leaves out a feed link's tags the server would refuse, and cleans the rest as the server does", () => {
    const link = new URLSearchParams([
      ['tag', ''],
      ['tag', '   '],
      ['tag', 'x'.repeat(31)],
      ['tag', 'Bad\u0000Tag'],
      ['tag', '  Cake '],
      ['tag', 'Cake'],
      ['tag', 'x'.repeat(30)],
    ]);
    expect(feedParams(link).tags).toEqual(['Cake', 'x'.repeat(30)]);
    expect(feedParams(new URLSearchParams('tag=')).tags).toEqual([]);
  });

  it('keeps exactly the tags the server accepts, as the server cleans them', () => {
    const tags = [
      '',
      ' ',
      '\t',
      'Cake',
      ' Icing\t',
      'a\nb',
      'Ünïcode',
      'x'.repeat(30),
      'x'.repeat(31),
      ` ${'y'.repeat(30)} `,
    ];
    tags.push('\u0007Bell', 'Bad\u0000', 'lone \udc00', '\u200b');
    for (const tag of tags) {
      const link = new URLSearchParams([['tag', tag]]);
      const server = questionListQuery.safeParse({ tag: link.get('tag') });
      const kept = feedParams(link).tags;
      expect({ tag, kept }).toEqual({ tag, kept: server.success ? server.data.tag : [] });
    }
  });

  it("holds a link's search text to what the server takes: 200 characters, no NUL, no unpaired surrogate", () => {
    expect(exploreParams(new URLSearchParams({ q: 'r'.repeat(250) })).q).toBe('r'.repeat(200));
    expect(feedParams(new URLSearchParams({ q: 'r'.repeat(201) })).q).toBe('r'.repeat(200));
    expect(exploreParams(new URLSearchParams({ q: 'rye\u0000 bread' })).q).toBe('rye bread');
    expect(exploreParams(new URLSearchParams({ q: 'rye \ud800' })).q).toBe('rye \ufffd');
    // A character of two UTF-16 units straddling the limit is left out whole, not cut in half.
    const straddling = exploreParams(new URLSearchParams({ q: `${'r'.repeat(199)}🍞` })).q;
    expect(straddling).toBe('r'.repeat(199));
    expect(exploreParams(new URLSearchParams({ q: `${'r'.repeat(198)}🍞` })).q).toBe(`${'r'.repeat(198)}🍞`);
    expect(exploreParams(new URLSearchParams()).q).toBe('');
    for (const q of ['r'.repeat(400), `${'r'.repeat(199)}🍞`, 'a\u0000b', '\ud800', 'rye']) {
      expect(questionListQuery.safeParse({ q: exploreParams(new URLSearchParams({ q })).q }).success).toBe(true);
    }
  });
});
