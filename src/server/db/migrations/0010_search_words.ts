import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * SQLite's full-text table holds the app's own words, space-separated, as PostgreSQL's vector
 * does. Given the text itself, SQLite's tokenizer kept emoji, variation selectors and private-use
 * characters as parts of the words beside them (`🧁cupcakes`), so a search for `cupcakes` missed
 * them. A tag of no letter or digit is indexed as one word made of its code points (`!!` is
 * U+E000 `x21x21`, which no search word can begin with), so a search can be narrowed to it. Text within ASCII splits the same either way, so
 * only rows beyond ASCII, and those of posts with such a tag, are written again. PostgreSQL's
 * vectors already hold the app's words.
 */
export const searchWords: Migration = {
  async up(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await rewriteRows(db, await postsWithSymbolTags(db));
  },
};

/** The app's words and tag keys on the day of this migration. */
const foldedText = (text: string) => text.normalize('NFC').toLowerCase().normalize('NFC');
const wordsOf = (text: string): string[] => foldedText(text).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
const symbolTagWord = (key: string) =>
  `\ue000${[...key].map((char) => `x${char.codePointAt(0)!.toString(16)}`).join('')}`;
const tagWords = (key: string) => {
  const words = wordsOf(key);
  return words.length > 0 ? words.join(' ') : symbolTagWord(key);
};
const tagKey = (tag: string) => foldedText(tag.trim());

const BATCH = 1000;

/** Posts carrying a tag of no letter or digit: few, found through the tags' own index. */
async function postsWithSymbolTags(db: AnyDb): Promise<Set<number>> {
  const keys: { tag_key: string }[] = await db.selectFrom('question_tags').select('tag_key').distinct().execute();
  const symbolKeys = keys.map((row) => row.tag_key).filter((key) => wordsOf(key).length === 0);
  const ids = new Set<number>();
  for (const key of symbolKeys) {
    const rows: { question_id: number }[] = await db
      .selectFrom('question_tags')
      .select('question_id')
      .where('tag_key', '=', key)
      .execute();
    for (const row of rows) ids.add(Number(row.question_id));
  }
  return ids;
}

async function rewriteRows(db: AnyDb, alsoIds: Set<number>) {
  const beyondAscii = sql<boolean>`(title || body || username || tags) glob '*[^' || char(1) || '-' || char(127) || ']*'`;
  for (let after = 0; ;) {
    const rows: { id: number; title: string; body: string; username: string; tags: string }[] = await db
      .selectFrom('questions')
      .select(['id', 'title', 'body', 'username', 'tags'])
      .where('id', '>', after)
      .where((eb) =>
        alsoIds.size > 0
          ? eb.or([
              beyondAscii,
              eb('id', 'in', sql<number>`(select value from json_each(${JSON.stringify([...alsoIds])}))`),
            ])
          : beyondAscii,
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const tags = JSON.parse(row.tags) as string[];
      await db.deleteFrom('questions_fts').where('rowid', '=', row.id).execute();
      await db
        .insertInto('questions_fts')
        .values({
          rowid: row.id,
          title: wordsOf(row.title).join(' '),
          body: wordsOf(row.body).join(' '),
          username: wordsOf(row.username).join(' '),
          tags: tags.map((tag) => tagWords(tagKey(tag))).join(' '),
        })
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}
