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
import { foldedSearchText } from './0009_folded_search_text.js';

/** How migration 0006 left PostgreSQL's lexemes: lower-cased by JavaScript, Latin accents off. */
const lexemesBefore = (text: string) =>
  (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? []
  ).map((word) =>
    word
      .normalize('NFD')
      .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, '$1')
      .normalize('NFC')
      .replace(/[\u0300-\u036f]/gu, '')
      .replaceAll('ς', 'σ'),
  );

describe('migration 0009: search text lower-cased by the app', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    const post = (questionTitle: string, questionText: string) =>
      postQuestion(api, author, { questionTitle, questionText, tags: [] });
    await post('ᏣᎳᎩ', 'Ꮎ ᎦᏚ ᎠᏍᎦᏯ.');
    await post('Dry yeast', 'Add 5 µg of yeast to the ſugar.');
    await post('Plain', 'Flour and water.');

    const { db } = t.database;
    if (testDialect === 'postgres') {
      const rows = await db.selectFrom('questions').select(['id', 'title', 'body', 'username', 'tags']).execute();
      for (const row of rows) {
        const document = lexemesBefore([row.title, row.body, row.username, ...JSON.parse(row.tags)].join(' '));
        await sql`update questions set search_vector = array_to_tsvector(${document}::text[]) where id = ${row.id}`.execute(
          db,
        );
      }
    } else {
      const rows = await db.selectFrom('questions').select(['id', 'title', 'body', 'username', 'tags']).execute();
      for (const row of rows) {
        await db.deleteFrom('questions_fts').where('rowid', '=', row.id).execute();
        await db
          .insertInto('questions_fts')
          .values({
            rowid: row.id,
            title: row.title.normalize('NFC'),
            body: row.body.normalize('NFC'),
            username: row.username,
            tags: (JSON.parse(row.tags) as string[]).join(' ').normalize('NFC'),
          })
          .execute();
      }
    }
  });
  afterAll(() => t.close());

  const search = async (q: string) =>
    (await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}&sort=oldest`)).body.questions.map(
      (question) => question.questionTitle,
    );

  it('misses words before it runs: Cherokee on SQLite, the micro sign and long s on PostgreSQL', async () => {
    if (testDialect === 'postgres') {
      expect(await search('μg')).toEqual([]);
      expect(await search('sugar')).toEqual([]);
      expect(await search('ᏣᎳᎩ')).toEqual(['ᏣᎳᎩ']);
    } else {
      expect(await search('ᏣᎳᎩ')).toEqual([]);
      expect(await search('ᎠᏍᎦᏯ')).toEqual([]);
      expect(await search('μg')).toEqual(['Dry yeast']);
    }
  });

  it('writes the search text again, so both databases find the same posts', async () => {
    await foldedSearchText.up(t.database.db);
    expect(await search('ᏣᎳᎩ')).toEqual(['ᏣᎳᎩ']);
    expect(await search('ꮳꮃꭹ')).toEqual(['ᏣᎳᎩ']);
    expect(await search('ᎠᏍᎦᏯ')).toEqual(['ᏣᎳᎩ']);
    expect(await search('μg')).toEqual(['Dry yeast']);
    expect(await search('µg')).toEqual(['Dry yeast']);
    expect(await search('sugar')).toEqual(['Dry yeast']);
    expect(await search('flour')).toEqual(['Plain']);
  });
});
