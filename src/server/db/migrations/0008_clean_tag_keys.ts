import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Tag keys were the tag trimmed and lower-cased. They are now made of the tag as it is stored
 * since (tabs and line breaks made spaces, other control characters but NUL dropped) and
 * composed (NFC), so `crème` typed with its accent apart is the tag `crème`, and a filter by a
 * tag that held a tab (made a space when the filter is read) still finds it. Cleaning and
 * composing a key made before gives the key the app now makes of the same tag (checked for every
 * letter of Unicode's planes 0–2 followed by accents). Only keys holding more than printable
 * ASCII can change: a few distinct keys, read once from the tag index. A question whose tags
 * now share a key keeps one row, and its list of tags keeps the first of them.
 */
export const cleanTagKeys: Migration = {
  async up(db: AnyDb) {
    const beyondPrintableAscii =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql<boolean>`tag_key ~ '[^\x20-\x7e]'`
        : sql<boolean>`tag_key glob '*[^ -~]*'`;
    const keys: { tag_key: string }[] = await db
      .selectFrom('question_tags')
      .select('tag_key')
      .distinct()
      .where(beyondPrintableAscii)
      .execute();
    const taggedTwice = new Set<number>();
    for (const { tag_key: key } of keys) {
      const cleaned = keyOf(key);
      if (cleaned === key) continue;
      await db
        .updateTable('question_tags')
        .set({ tag_key: cleaned })
        .where('tag_key', '=', key)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('question_tags as same')
                .select(sql`1`.as('one'))
                .whereRef('same.question_id', '=', 'question_tags.question_id')
                .where('same.tag_key', '=', cleaned),
            ),
          ),
        )
        .execute();
      const left: { question_id: number }[] = await db
        .deleteFrom('question_tags')
        .where('tag_key', '=', key)
        .returning('question_id')
        .execute();
      for (const row of left) taggedTwice.add(Number(row.question_id));
    }
    for (const id of taggedTwice) {
      const row: { tags: string } | undefined = await db
        .selectFrom('questions')
        .select('tags')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) continue;
      const seen = new Set<string>();
      const tags = (JSON.parse(row.tags) as string[]).filter((tag) => {
        const key = keyOf(tag);
        return !seen.has(key) && seen.add(key);
      });
      await db
        .updateTable('questions')
        .set({ tags: JSON.stringify(tags) })
        .where('id', '=', id)
        .execute();
    }
  },
};

/** The app's tag key on the day of this migration: the tag as stored (`cleanText`), trimmed, lower-cased, composed. */
function keyOf(tag: string): string {
  const oneLine = tag
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0001-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/[\t\n]/g, ' ');
  return oneLine.normalize('NFC').trim().toLowerCase().normalize('NFC');
}
