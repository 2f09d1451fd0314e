import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An answer may carry its client's own key, as a comment does, so a send retried after its answer
 * was lost stores the answer once. Unique per author and question; only answers sent with a key
 * are in the index.
 */
export const answerClientKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('answers').addColumn('client_key', 'text').execute();
    await sql`create unique index answers_client_key on answers (question_id, user_id, client_key) where client_key is not null`.execute(
      db,
    );
  },
};
