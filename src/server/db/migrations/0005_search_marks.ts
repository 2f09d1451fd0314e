import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Search words keep their combining marks and are read in composed form (NFC). Words of Hindi,
 * Tamil, Thai and other scripts whose vowel signs are marks were cut at each sign, so `केक`
 * (cake) searched for `क` and found `कुकी` (cookie); an accent typed apart from its letter (as
 * text pasted from some systems has it) split `crème` into `cre` and `me`.
 *
 * SQLite: the full-text table is rebuilt with marks as word characters (its tokenizer is fixed
 * when the table is made), from its own content, and the rows holding text beyond ASCII are
 * written again in composed form. PostgreSQL: the search vectors of the posts holding text beyond
 * ASCII are made again, split as the app now splits them. Plain ASCII splits as before.
 */
export const searchMarks: Migration = {
  async up(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await remakeSearchVectors(db);
    else await rebuildFullTextTable(db);
  },
};

/** The app's split of text into search words on the day of this migration. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

const BATCH = 1000;

async function remakeSearchVectors(db: AnyDb) {
  const beyondAscii = sql<boolean>`(title || body || username || tags) ~ '[^\\x01-\\x7f]'`;
  for (let after = 0; ;) {
    const rows: { id: number; title: string; body: string; username: string; tags: string }[] = await db
      .selectFrom('questions')
      .select(['id', 'title', 'body', 'username', 'tags'])
      .where('id', '>', after)
      .where(beyondAscii)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const tags = JSON.parse(row.tags) as string[];
      const document = wordsOf([row.title, row.body, row.username, ...tags].join(' ')).join(' ');
      await db
        .updateTable('questions')
        .set({ search_vector: sql`to_tsvector('simple', ${document})` })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

async function rebuildFullTextTable(db: AnyDb) {
  await sql`create virtual table questions_fts_rebuilt using fts5(
    title, body, username, tags,
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
    prefix = '2 3 4 5 6 7 8 9 10'
  )`.execute(db);
  await sql`insert into questions_fts_rebuilt (rowid, title, body, username, tags)
    select rowid, title, body, username, tags from questions_fts`.execute(db);
  await sql`drop table questions_fts`.execute(db);
  await sql`alter table questions_fts_rebuilt rename to questions_fts`.execute(db);

  const beyondAscii = sql<boolean>`(title || body || username || tags) glob '*[^' || char(1) || '-' || char(127) || ']*'`;
  for (let after = 0; ;) {
    const rows: { rowid: number; title: string; body: string; username: string; tags: string }[] = await db
      .selectFrom('questions_fts')
      .select(['rowid', 'title', 'body', 'username', 'tags'])
      .where('rowid', '>', after)
      .where(beyondAscii)
      .orderBy('rowid')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const composed = {
        title: row.title.normalize('NFC'),
        body: row.body.normalize('NFC'),
        username: row.username.normalize('NFC'),
        tags: row.tags.normalize('NFC'),
      };
      if (Object.entries(composed).every(([column, value]) => row[column as keyof typeof composed] === value)) continue;
      await db.deleteFrom('questions_fts').where('rowid', '=', row.rowid).execute();
      await db
        .insertInto('questions_fts')
        .values({ rowid: row.rowid, ...composed })
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.rowid;
  }
}
