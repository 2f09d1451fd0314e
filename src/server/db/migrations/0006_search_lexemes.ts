import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only: search vectors are made of the app's words as they are, no longer sent
 * through PostgreSQL's text-search parser again. That parser split words SQLite keeps whole
 * (`h₂o`, `cm²`, `1e5x`, most words of newer scripts), so a search found other posts than on
 * SQLite; it dropped any word over 2,047 bytes without a word; and it compared `SİMİT` and
 * `ΚΑΦΕΣ` byte for byte after a lower-casing that SQLite's tokenizer folds further, as it takes
 * the accents off Latin letters. Every post's vector is worked out again; those that change are
 * written. SQLite's full-text index already splits and folds so: nothing to do there.
 */
export const searchLexemes: Migration = {
  async up(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await remakeSearchVectors(db);
  },
};

/** The app's split of text into search words on the day of this migration. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

const MAX_LEXEME_BYTES = 2047;
const utf8 = new TextEncoder();

/** The app's lexeme for a word on the day of this migration. */
function lexemeOf(word: string): string {
  const folded = word
    .normalize('NFD')
    .replace(/(\p{Script=Latin})[\u0300-\u036f]+/gu, '$1')
    .normalize('NFC')
    .replace(/[\u0300-\u036f]/gu, '')
    .replaceAll('ς', 'σ');
  if (folded.length * 3 <= MAX_LEXEME_BYTES) return folded;
  return folded.slice(0, utf8.encodeInto(folded, new Uint8Array(MAX_LEXEME_BYTES)).read);
}

const BATCH = 1000;

async function remakeSearchVectors(db: AnyDb) {
  for (let after = 0; ;) {
    const rows: { id: number; title: string; body: string; username: string; tags: string }[] = await db
      .selectFrom('questions')
      .select(['id', 'title', 'body', 'username', 'tags'])
      .where('id', '>', after)
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
    // Vectors made by the parser also hold positions, which search never used: compared without.
    await sql`update questions set search_vector = remade.vector
      from (
        select id, array_to_tsvector(string_to_array(document, ' ')) as vector
        from unnest(${ids}::bigint[], ${documents}::text[]) as given(id, document)
      ) as remade
      where questions.id = remade.id and strip(questions.search_vector) <> remade.vector`.execute(db);
    if (rows.length < BATCH) return;
    after = ids.at(-1)!;
  }
}
