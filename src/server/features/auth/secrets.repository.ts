import type { Db } from '../../db/database.js';

/**
 * Reads a named secret, creating it on first use. Kept in the database so every instance
 * sharing one database signs and verifies with the same key.
 */
export async function readOrCreateSecret(db: Db, name: string, create: () => string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
