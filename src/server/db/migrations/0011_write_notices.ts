import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The channel every commit that changes the community's rows is announced on. */
const CHANNEL = 'crumb_writes';

/**
 * Every table a page can show, through any writer: not the app's secrets. The app's content
 * tables on the day of this migration (write-notices.postgres.test.ts checks they still are).
 */
const ANNOUNCED_TABLES = [
  'users',
  'follows',
  'questions',
  'question_tags',
  'question_votes',
  'answers',
  'answer_votes',
  'comments',
  'bookmarks',
];

/**
 * PostgreSQL: each statement that writes one of the community's tables announces the write on
 * `crumb_writes`, with its schema as the payload, so an instance keeping answers in memory hears
 * of commits by every other writer (a command-line tool, an operator's psql). PostgreSQL sends a
 * transaction's notices when it commits and folds equal ones into one, so a transaction is
 * announced once whatever it wrote; a rolled-back one never. Sessions that announce their writes
 * themselves once committed set `crumb.announces_writes` (Crumb's server): a NOTIFY in a
 * transaction holds a database-wide lock until the commit is flushed, so every such commit waits
 * for the one before. SQLite needs nothing: its `data_version` tells the same.
 */
export const writeNotices: Migration = {
  async up(db: AnyDb) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create function announce_write() returns trigger language plpgsql as $$
      begin
        if current_setting('crumb.announces_writes', true) is distinct from 'on' then
          perform pg_notify(${sql.lit(CHANNEL)}, tg_table_schema);
        end if;
        return null;
      end
      $$`.execute(db);
    for (const table of ANNOUNCED_TABLES) {
      await sql`
        create trigger announce_write after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function announce_write()`.execute(db);
    }
  },
};
