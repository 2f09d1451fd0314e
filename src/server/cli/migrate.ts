import { loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';

/** `npm run db:migrate`: applies every pending migration to the configured database. */
const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  console.log(`Migrated the ${database.dialect} database to the latest schema.`);
} finally {
  await database.destroy();
}
