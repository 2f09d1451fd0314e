import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backUpSqlite } from '../db/backup.js';
import { SQLITE_FILE_NAME } from '../db/database.js';

/**
 * `npm run db:backup -- <file>`: a consistent copy of the SQLite database while the server keeps
 * running and writing (see `backUpSqlite`). PostgreSQL is backed up with pg_dump instead.
 */
const config = loadConfig();
const target = process.argv[2];

if (config.databaseUrl) {
  console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see the README).');
  process.exit(1);
}
if (!target) {
  console.error('Usage: npm run db:backup -- <file>');
  process.exit(1);
}
const source = path.join(config.dataDir, SQLITE_FILE_NAME);
const destination = path.resolve(target);
if (!existsSync(source)) {
  console.error(`There is no database at ${source}.`);
  process.exit(1);
}
if (existsSync(destination)) {
  console.error(`${destination} already exists; choose a new file name.`);
  process.exit(1);
}

const began = performance.now();
const counts = backUpSqlite(source, destination);
console.log(
  `Backed up ${source} to ${destination} in ${Math.round(performance.now() - began)} ms: ` +
    `${counts.users} users, ${counts.questions} questions, ${counts.answers} answers, ${counts.comments} comments.`,
);
