import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A search within one author's posts or some tags finds those alone, whoever else's name or tags
 * hold theirs (SQLite asks its full-text index for the author's name or the tags beside the words).
 */
describe("searching one author's posts, or some tags", () => {
  let t: TestApp;
  let api: ApiClient;

  const authors = new Map<string, SignedUpUser>();

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    for (const username of ['anna', 'maria.anna', 'anna-maria', 'Anna_B']) {
      const author = await signUp(api, { username });
      authors.set(username, author);
      await postQuestion(api, author, { questionTitle: `Cake by ${username}`, questionText: 'Crumb.', tags: [] });
      await postQuestion(api, author, {
        questionTitle: `Bread by ${username}`,
        questionText: 'Anna said so.',
        tags: [],
      });
    }
    const baker = await signUp(api, { username: 'tagger' });
    const tagged: [string, string[]][] = [
      ['Cake tagged Gluten-Free', ['Gluten-Free']],
      ['Cake tagged Gluten and Free', ['Gluten', 'Free']],
      ['Cake tagged Crème', ['Crème']],
      ['Cake tagged Gluten Free Cakes', ['Gluten Free Cakes']],
      ['Cake tagged Z0_', ['Z0_']],
      ['Cake tagged C++ and ++', ['C++', '++']],
      ['Cake tagged Say "Hi"', ['Say "Hi"']],
      ['Cake tagged CRÈME BRÛLÉE', ['CRÈME BRÛLÉE']],
      ['Cake tagged Crème written apart', ['Cre\u0300me apart']],
      ['Cake tagged İstanbul', ['İstanbul']],
      ['Cake tagged ΣΑΣ', ['ΣΑΣ']],
      ['Cake tagged Straße', ['STRAẞE', 'Straße']],
      ['Cake tagged 麵包', ['麵包']],
      ['Cake tagged خبز', ['خبز']],
      ['Cake tagged Breads with a heart', ['❤️Breads']],
      ['Cake tagged with bread', ['🍞']],
      ['Cake tagged !!', ['!!']],
    ];
    for (const [questionTitle, tags] of tagged) {
      await postQuestion(api, baker, { questionTitle, questionText: 'Crumb.', tags });
    }
  });
  afterAll(() => t.close());

  const titles = async (url: string) => {
    const response = await api.get<QuestionPage>(url);
    expect(response.status, url).toBe(200);
    return response.body.questions.map((question) => question.questionTitle);
  };

  it.each(['latest', 'oldest', 'trending'])('finds the words in that author’s posts alone (%s)', async (sort) => {
    expect(await titles(`/api/questions?q=cake&author=anna&sort=${sort}`)).toEqual(['Cake by anna']);
    expect(await titles(`/api/questions?q=cake&author=ANNA&sort=${sort}`)).toEqual(['Cake by anna']);
    expect(await titles(`/api/questions?q=cake&author=maria.anna&sort=${sort}`)).toEqual(['Cake by maria.anna']);
    expect(await titles(`/api/questions?q=cake&author=anna_b&sort=${sort}`)).toEqual(['Cake by Anna_B']);
    expect(await titles(`/api/user/questions/anna-maria?q=cake&sort=${sort}`)).toEqual(['Cake by anna-maria']);
  });

  it('finds the author’s name in their posts’ text as any other word', async () => {
    expect(await titles('/api/questions?q=anna&author=anna&sort=oldest')).toEqual(['Cake by anna', 'Bread by anna']);
    expect(await titles('/api/questions?q=said&author=maria.anna')).toEqual(['Bread by maria.anna']);
  });

  it.each(['latest', 'oldest', 'trending'])('finds the words in the posts of those tags alone (%s)', async (sort) => {
    const search = (tags: string) => titles(`/api/questions?q=cake&${tags}&sort=${sort}&limit=50`);
    expect(await search('tag=gluten-free')).toEqual(['Cake tagged Gluten-Free']);
    expect(await search('tag=GLUTEN')).toEqual(['Cake tagged Gluten and Free']);
    expect(await search('tag=cr%C3%A8me')).toEqual(['Cake tagged Crème']);
    expect((await search('tag=free&tag=gluten%20free%20cakes')).sort()).toEqual([
      'Cake tagged Gluten Free Cakes',
      'Cake tagged Gluten and Free',
    ]);
    expect(await search('tag=nosuchtag')).toEqual([]);
    // Keys with punctuation, quotes, accents or other scripts, and keys with no word at all.
    expect(await search('tag=z0_')).toEqual(['Cake tagged Z0_']);
    expect(await search('tag=z0')).toEqual([]);
    expect(await search('tag=c%2B%2B')).toEqual(['Cake tagged C++ and ++']);
    expect(await search('tag=%2B%2B')).toEqual(['Cake tagged C++ and ++']);
    expect(await search('tag=c')).toEqual([]);
    expect(await search(`tag=${encodeURIComponent('say "hi"')}`)).toEqual(['Cake tagged Say "Hi"']);
    expect(await search(`tag=${encodeURIComponent('crème brûlée')}`)).toEqual(['Cake tagged CRÈME BRÛLÉE']);
    expect(await search(`tag=${encodeURIComponent('creme brulee')}`)).toEqual([]);
    expect(await search(`tag=${encodeURIComponent('i̇stanbul')}`)).toEqual(['Cake tagged İstanbul']);
    expect(await search(`tag=${encodeURIComponent('σας')}`)).toEqual(['Cake tagged ΣΑΣ']);
    expect(await search(`tag=${encodeURIComponent('straße')}`)).toEqual(['Cake tagged Straße']);
    expect(await search(`tag=${encodeURIComponent('cre\u0300me apart')}`)).toEqual(['Cake tagged Crème written apart']);
    expect(await search(`tag=${encodeURIComponent('麵包')}`)).toEqual(['Cake tagged 麵包']);
    expect(await search(`tag=${encodeURIComponent('麵')}`)).toEqual([]);
    expect(await search(`tag=${encodeURIComponent('خبز')}`)).toEqual(['Cake tagged خبز']);
    // Emoji and variation selectors beside a tag's words, and tags of no word at all.
    expect(await search(`tag=${encodeURIComponent('❤️breads')}`)).toEqual(['Cake tagged Breads with a heart']);
    expect(await search('tag=breads')).toEqual([]);
    expect(await search(`tag=${encodeURIComponent('🍞')}`)).toEqual(['Cake tagged with bread']);
    expect(await search(`tag=${encodeURIComponent('🍞🍞')}`)).toEqual([]);
    expect(await search('tag=!!')).toEqual(['Cake tagged !!']);
    expect(await search('tag=!')).toEqual([]);
    expect((await search(`tag=!!&tag=${encodeURIComponent('🍞')}&tag=nosuchtag`)).sort()).toEqual([
      'Cake tagged !!',
      'Cake tagged with bread',
    ]);
    expect((await search(`tag=z0_&tag=${encodeURIComponent('crème brûlée')}`)).sort()).toEqual([
      'Cake tagged CRÈME BRÛLÉE',
      'Cake tagged Z0_',
    ]);
    expect(await titles(`/api/user/questions/tagger?q=cake&tag=gluten-free&sort=${sort}`)).toEqual([
      'Cake tagged Gluten-Free',
    ]);
  });

  it.each(['latest', 'oldest', 'trending'])(
    'finds the words in a small feed’s posts alone: its own and its followed bakers’ (%s)',
    async (sort) => {
      const reader = await signUp(api, { username: `reader.${sort}` });
      const own = `Cake by reader.${sort}`;
      await postQuestion(api, reader, { questionTitle: own, questionText: 'Mine.', tags: [] });
      for (const name of ['anna', 'maria.anna']) {
        const followed = authors.get(name) as SignedUpUser;
        expect((await api.post(`/api/users/follow/${followed.id}`, undefined, reader.token)).status).toBe(200);
      }
      const feed = async (query: string) => {
        const response = await api.get<QuestionPage>(`/api/feed?${query}&sort=${sort}&limit=50`, reader.token);
        expect(response.status, query).toBe(200);
        return response.body.questions.map((question) => question.questionTitle).sort();
      };
      expect(await feed('q=cake')).toEqual(['Cake by anna', 'Cake by maria.anna', own].sort());
      expect(await feed('q=anna')).toEqual([
        'Bread by anna',
        'Bread by maria.anna',
        'Cake by anna',
        'Cake by maria.anna',
      ]);
      expect(await feed('q=mine')).toEqual([own]);
      expect(await feed('q=cake&author=maria.anna')).toEqual(['Cake by maria.anna']);
      expect(await feed('q=cake&tag=gluten-free')).toEqual([]);
    },
  );
});

describe('words beside emoji and invisible characters', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const baker = await signUp(api);
    await postQuestion(api, baker, {
      questionTitle: 'Weekend bake: 🧁cupcakes and ❤️sourdough',
      questionText: 'Fresh 🥐croissants, ☕️morning coffee, 👍🏻thanks to ⁦owen⁩ and the \ue000logo team.',
      tags: ['🥨Pretzels'],
    });
    await postQuestion(api, baker, { questionTitle: 'Plain', questionText: 'Nothing beside.', tags: [] });
  });
  afterAll(() => t.close());

  it('finds each word whatever is glued to it, as on both databases', async () => {
    for (const word of [
      'cupcakes',
      'sourdough',
      'croissants',
      'morning',
      'thanks',
      'owen',
      'logo',
      'pretzels',
      'cup',
    ]) {
      const response = await api.get<QuestionPage>(`/api/questions?q=${word}`);
      expect(response.status, word).toBe(200);
      expect(
        response.body.questions.map((question) => question.questionTitle),
        word,
      ).toEqual(['Weekend bake: 🧁cupcakes and ❤️sourdough']);
    }
    const inTag = await api.get<QuestionPage>(`/api/questions?q=sourdough&tag=${encodeURIComponent('🥨pretzels')}`);
    expect(inTag.body.questions).toHaveLength(1);
  });
});
