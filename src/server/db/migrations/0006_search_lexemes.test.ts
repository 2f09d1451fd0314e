import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  testDialect,
  type ApiClient,
  type TestApp,
} from '../../testing/test-app.js';
import { searchLexemes } from './0006_search_lexemes.js';

/** How migration 0005 left PostgreSQL's words: split as now, not folded, sent through its parser. */
const wordsBefore = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

describe('migration 0006: search vectors of the words as they are', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    const post = (questionTitle: string, questionText: string) =>
      postQuestion(api, author, { questionTitle, questionText, tags: [] });
    await post('Scaling', 'Should the H₂O go up?');
    await post('Overnight', 'After 14 hours of proofing.');
    await post('SİMİT', 'Susamlı.');
    await post('Crème', 'Pâtissière.');

    const { db } = t.database;
    if (testDialect === 'postgres') {
      const rows = await db.selectFrom('questions').select(['id', 'title', 'body', 'username', 'tags']).execute();
      for (const row of rows) {
        const document = wordsBefore([row.title, row.body, row.username, ...JSON.parse(row.tags)].join(' ')).join(' ');
        await sql`update questions set search_vector = to_tsvector('simple', ${document}) where id = ${row.id}`.execute(
          db,
        );
      }
    }
  });
  afterAll(() => t.close());

  const search = async (q: string) =>
    (await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}&sort=oldest`)).body.questions.map(
      (question) => question.questionTitle,
    );

  it('finds other posts on PostgreSQL before it runs: the parser had split and not folded the words', async () => {
    // The app's queries no longer go through the parser either, so the old vectors miss too.
    if (testDialect === 'postgres') {
      expect(await search('simit')).toEqual([]);
      expect(await search('creme')).toEqual([]);
      expect(await search('H₂O')).toEqual([]);
    } else {
      expect(await search('simit')).toEqual(['SİMİT']);
    }
  });

  it('makes the vectors again, so both databases find the same posts', async () => {
    // This migration runs again.
    await searchLexemes.up(t.database.db);
    expect(await search('H₂O')).toEqual(['Scaling']);
    expect(await search('hours')).toEqual(['Overnight']);
    expect(await search('simit')).toEqual(['SİMİT']);
    expect(await search('creme patiss')).toEqual(['Crème']);
  });
});
