import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Search reads text lower-cased by the app on both databases. SQLite's tokenizer folds case as
 * Unicode 6.1 did, so a word holding a capital given a small letter since (Cherokee, Adlam, Ԩ)
 * was indexed as typed and never found, even by itself: the full-text table now holds the text
 * lower-cased and composed. PostgreSQL's lexemes now fold as SQLite's tokens do where they
 * differed (the micro sign, the long s, Greek symbol letters, the accents SQLite keeps).
 * Text within ASCII reads the same either way, so only rows beyond it are written again.
 */
export const foldedSearchText: Migration = {
  async up(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await remakeSearchVectors(db);
    else await lowerFullTextRows(db);
  },
};

/** The app's search text, words and lexemes on the day of this migration. */
const searchText = (text: string) => text.normalize('NFC').toLowerCase().normalize('NFC');
const wordsOf = (text: string): string[] => searchText(text).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

const CASE_FOLDS: Record<string, string> = {
  µ: 'μ',
  ſ: 's',
  ẛ: 'ṡ',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
};
const FOLDED_CASES = new RegExp(`[${Object.keys(CASE_FOLDS).join('')}]`, 'gu');
const ACCENTS_KEPT = /([ǡǣǯǽǿ])/u;
const DROPPED_ACCENTS = /[\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331]/gu;
const MAX_LEXEME_BYTES = 2047;
const utf8 = new TextEncoder();

function lexemeOf(word: string): string {
  const folded = word
    .split(ACCENTS_KEPT)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .normalize('NFD')
            .replace(
              /(\p{Script=Latin})(\p{M}+)/gu,
              (_match, letter: string, marks: string) => letter + marks.replace(DROPPED_ACCENTS, ''),
            )
            .normalize('NFC'),
    )
    .join('')
    .replace(FOLDED_CASES, (char) => CASE_FOLDS[char] ?? char)
    .replace(DROPPED_ACCENTS, '')
    .replaceAll('\u0345', 'ι');
  if (folded.length * 3 <= MAX_LEXEME_BYTES) return folded;
  return folded.slice(0, utf8.encodeInto(folded, new Uint8Array(MAX_LEXEME_BYTES)).read);
}

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
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    const documents = rows.map((row) =>
      wordsOf([row.title, row.body, row.username, ...(JSON.parse(row.tags) as string[])].join(' '))
        .map(lexemeOf)
        .join(' '),
    );
    await sql`update questions set search_vector = remade.vector
      from (
        select id, array_to_tsvector(string_to_array(document, ' ')) as vector
        from unnest(${ids}::bigint[], ${documents}::text[]) as given(id, document)
      ) as remade
      where questions.id = remade.id and questions.search_vector <> remade.vector`.execute(db);
    if (rows.length < BATCH) return;
    after = ids.at(-1)!;
  }
}

async function lowerFullTextRows(db: AnyDb) {
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
      const lowered = {
        title: searchText(row.title),
        body: searchText(row.body),
        username: searchText(row.username),
        tags: searchText(row.tags),
      };
      if (Object.entries(lowered).every(([column, value]) => row[column as keyof typeof lowered] === value)) continue;
      await db.deleteFrom('questions_fts').where('rowid', '=', row.rowid).execute();
      await db
        .insertInto('questions_fts')
        .values({ rowid: row.rowid, ...lowered })
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.rowid;
  }
}
