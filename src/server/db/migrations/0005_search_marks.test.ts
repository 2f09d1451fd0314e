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
import { searchMarks } from './0005_search_marks.js';
import { searchLexemes } from './0006_search_lexemes.js';

/** How search words were split before this migration: letter/digit runs, as typed. */
const wordsBefore = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

describe('migration 0005: search words keep their combining marks', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    await postQuestion(api, author, { questionTitle: 'केक', questionText: 'मेरा केक नहीं फूला', tags: [] });
    await postQuestion(api, author, { questionTitle: 'कुकी', questionText: 'कुकी बहुत सख्त है', tags: [] });
    // Korean typed as separate jamo (NFD): only a composed index finds it by the composed word.
    await postQuestion(api, author, { questionTitle: 'Jamo', questionText: '한국 빵'.normalize('NFD'), tags: [] });
    await postQuestion(api, author, { questionTitle: 'Plain', questionText: 'sourdough starter', tags: [] });

    // Put the search index back as the migrations before this one left it.
    const { db } = t.database;
    if (testDialect === 'postgres') {
      const rows = await db.selectFrom('questions').select(['id', 'title', 'body', 'username', 'tags']).execute();
      for (const row of rows) {
        const document = wordsBefore([row.title, row.body, row.username, ...JSON.parse(row.tags)].join(' ')).join(' ');
        await sql`update questions set search_vector = to_tsvector('simple', ${document}) where id = ${row.id}`.execute(
          db,
        );
      }
    } else {
      await sql`drop table questions_fts`.execute(db);
      await sql`create virtual table questions_fts using fts5(
        title, body, username, tags,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3 4 5 6 7 8 9 10'
      )`.execute(db);
      await sql`insert into questions_fts (rowid, title, body, username, tags)
        select id, title, body, username, '' from questions`.execute(db);
    }
  });
  afterAll(() => t.close());

  const search = async (q: string) =>
    (await api.get<QuestionPage>(`/api/questions?q=${encodeURIComponent(q)}`)).body.questions.map(
      (question) => question.questionTitle,
    );

  it('cannot find a Hindi word alone before it runs: the stored index cut it at its vowel signs', async () => {
    // SQLite's old index finds every post with the consonant; PostgreSQL's, none with the whole word.
    expect(await search('केक')).not.toEqual(['केक']);
  });

  it('indexes the stored posts again, whole words and composed', async () => {
    // This migration runs again, and the search migrations after it.
    await searchMarks.up(t.database.db);
    await searchLexemes.up(t.database.db);
    expect(await search('केक')).toEqual(['केक']);
    expect(await search('कुकी')).toEqual(['कुकी']);
    expect(await search('한국')).toEqual(['Jamo']);
    expect(await search('sourdough starter')).toEqual(['Plain']);
  });
});
