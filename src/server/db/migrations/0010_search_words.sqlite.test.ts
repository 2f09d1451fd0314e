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
import { searchWords } from './0010_search_words.js';

/** How migration 0009 left the full-text rows: the text lower-cased and composed, for SQLite to split. */
const foldedBefore = (text: string) => text.normalize('NFC').toLowerCase().normalize('NFC');

describe('migration 0010: the full-text table holds the app’s words', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    const post = (questionTitle: string, questionText: string, tags: string[]) =>
      postQuestion(api, author, { questionTitle, questionText, tags });
    await post('Weekend bake', 'Fresh 🧁cupcakes and ☕️coffee.', []);
    await post('Party', 'Cake for everyone.', ['!!']);
    await post('Plain', 'Flour and water, cake.', ['Breads']);

    const { db } = t.database;
    const rows = await db.selectFrom('questions').select(['id', 'title', 'body', 'username', 'tags']).execute();
    for (const row of rows) {
      await db.deleteFrom('questions_fts').where('rowid', '=', row.id).execute();
      await db
        .insertInto('questions_fts')
        .values({
          rowid: row.id,
          title: foldedBefore(row.title),
          body: foldedBefore(row.body),
          username: foldedBefore(row.username),
          tags: foldedBefore((JSON.parse(row.tags) as string[]).join(' ')),
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  const search = async (query: string) =>
    (await api.get<QuestionPage>(`/api/questions?${query}&sort=oldest`)).body.questions.map(
      (question) => question.questionTitle,
    );

  it('misses words glued to an emoji, and a tag of no word, before it runs', async () => {
    expect(await search('q=cupcakes')).toEqual([]);
    expect(await search('q=coffee')).toEqual([]);
    expect(await search('q=cake&tag=!!')).toEqual([]);
  });

  it('writes the rows again, so they are found as the app splits them', async () => {
    await searchWords.up(t.database.db);
    expect(await search('q=cupcakes')).toEqual(['Weekend bake']);
    expect(await search('q=coffee')).toEqual(['Weekend bake']);
    expect(await search('q=cake&tag=!!')).toEqual(['Party']);
    expect(await search('q=cake&tag=breads')).toEqual(['Plain']);
    expect(await search('q=flour')).toEqual(['Plain']);
  });
});
