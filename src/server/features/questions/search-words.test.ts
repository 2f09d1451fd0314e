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
 * Words are split and compared alike on both databases: what one finds, the other finds, and
 * nothing else. Each post here has a decoy beside it that a looser split would also find.
 */
describe('search words split and folded alike on both databases', () => {
  let t: TestApp;
  let api: ApiClient;
  const longWord = `zq${'x'.repeat(2100)}`;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    const post = (questionTitle: string, questionText: string) =>
      postQuestion(api, author, { questionTitle, questionText, tags: [] });
    await post('Scaling to ¾', 'Should the H₂O go up for a 24 cm² tin?');
    await post('Overnight', 'After 14 hours of proofing in a 20 cm tin.');
    await post('Numbers', 'Batch 1e5x of the test loaves.');
    await post('Apart', 'Folded 1e5 x 2 times.');
    await post('KIYIR SİMİT TARİFİ', 'Susamlı.');
    await post('İstanbul simit', 'Pekmezli.');
    await post('Cafe', 'Ο ΚΑΦΕΣΤΙΑΤΟΡΑΣ μου ψήνει.');
    await post('Crème pâtissière', 'Thick enough to pipe?');
    await post('Хлеб', 'Мой хле\u0301б не поднялся.');
    await post('Long word', `${longWord} end`);
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const response = await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}&sort=oldest`);
    expect(response.status, q).toBe(200);
    return response.body.questions.map((question) => question.questionTitle);
  };

  it('keep superscripts, subscripts and fractions in their words', async () => {
    expect(await search('H₂O')).toEqual(['Scaling to ¾']);
    expect(await search('cm²')).toEqual(['Scaling to ¾']);
    expect(await search('¾')).toEqual(['Scaling to ¾']);
    expect(await search('cm')).toEqual(['Scaling to ¾', 'Overnight']);
  });

  it('keep letters and digits of one run in one word', async () => {
    expect(await search('1e5x')).toEqual(['Numbers']);
    expect(await search('1e5')).toEqual(['Numbers', 'Apart']);
  });

  it('ignore case in Turkish and Greek as well', async () => {
    expect(await search('simit')).toEqual(['KIYIR SİMİT TARİFİ', 'İstanbul simit']);
    expect(await search('SİMİT')).toEqual(['KIYIR SİMİT TARİFİ', 'İstanbul simit']);
    expect(await search('tarifi')).toEqual(['KIYIR SİMİT TARİFİ']);
    expect(await search('ΚΑΦΕΣ')).toEqual(['Cafe']);
    expect(await search('καφεστιατορας')).toEqual(['Cafe']);
  });

  it('ignore the accents of Latin letters, and accents left apart from any letter', async () => {
    expect(await search('creme patiss')).toEqual(['Crème pâtissière']);
    expect(await search('CRÈME')).toEqual(['Crème pâtissière']);
    expect(await search('мой хлеб')).toEqual(['Хлеб']);
    expect(await search('хле\u0301б')).toEqual(['Хлеб']);
  });

  it('take a one-letter word the same way on both, however it is cased', async () => {
    expect(await search('İ')).toEqual(await search('i'));
  });

  it('find a word longer than a database keeps whole, by its beginning', async () => {
    expect(await search('zq')).toEqual(['Long word']);
    expect(await search(longWord.slice(0, 200))).toEqual(['Long word']);
  });
});
