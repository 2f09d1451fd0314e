import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Tag keys were the tag trimmed and lower-cased; they are now also composed (NFC), so `crème`
 * typed with its accent apart is the tag `crème`. Composing a key made before gives the key the
 * app now makes of the same tag (checked for every letter of Unicode's planes 0–2 followed by
 * accents). Only keys beyond ASCII can change: a few distinct keys, read once from the tag
 * index. A question tagged both ways keeps one row, and its list of tags keeps the first of them.
 */
export const composedTagKeys: Migration = {
  async up(db: AnyDb) {
    const beyondAscii =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql<boolean>`tag_key ~ '[^\\x01-\\x7f]'`
        : sql<boolean>`tag_key glob '*[^' || char(1) || '-' || char(127) || ']*'`;
    const keys: { tag_key: string }[] = await db
      .selectFrom('question_tags')
      .select('tag_key')
      .distinct()
      .where(beyondAscii)
      .execute();
    const taggedTwice = new Set<number>();
    for (const { tag_key: key } of keys) {
      const composed = key.normalize('NFC');
      if (composed === key) continue;
      await db
        .updateTable('question_tags')
        .set({ tag_key: composed })
        .where('tag_key', '=', key)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('question_tags as same')
                .select(sql`1`.as('one'))
                .whereRef('same.question_id', '=', 'question_tags.question_id')
                .where('same.tag_key', '=', composed),
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
        const key = tag.normalize('NFC').trim().toLowerCase().normalize('NFC');
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
