import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A search within one author's posts or some tags finds those alone, whoever else's name or tags
 * hold theirs (SQLite asks its full-text index for the author's name or the tags beside the words).
 */
describe("searching one author's posts, or some tags", () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    for (const username of ['anna', 'maria.anna', 'anna-maria', 'Anna_B']) {
      const author = await signUp(api, { username });
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
    expect(await titles(`/api/user/questions/tagger?q=cake&tag=gluten-free&sort=${sort}`)).toEqual([
      'Cake tagged Gluten-Free',
    ]);
  });
});
