import { closeSync, existsSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { loadConfig } from '../config.js';
import { SQLITE_FILE_NAME } from '../db/database.js';

/**
 * `npm run db:backup -- <file>`: a consistent copy of the SQLite database while the server keeps
 * running and writing. `VACUUM INTO` reads the database inside one read transaction (WAL lets
 * writers go on meanwhile), so the copy is the database exactly as of one commit, compacted into
 * a single file that Crumb can start from. PostgreSQL is backed up with pg_dump instead.
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
// Made empty first, readable by its owner only, as the database is: VACUUM INTO fills an empty file.
closeSync(openSync(destination, 'wx', 0o600));
const db = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
try {
  db.prepare('VACUUM INTO ?').run(destination);
} catch (error) {
  // No empty or partial copy is left to be mistaken for a backup (or to block the next try).
  rmSync(destination, { force: true });
  throw error;
} finally {
  db.close();
}

// Read the copy back: it must pass SQLite's integrity check before anyone relies on it.
const copy = new DatabaseSync(destination, { readOnly: true });
try {
  const integrity = copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
  if (integrity.integrity_check !== 'ok')
    throw new Error(`the backup failed its integrity check: ${integrity.integrity_check}`);
  const count = (table: string) => (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  console.log(
    `Backed up ${source} to ${destination} in ${Math.round(performance.now() - began)} ms: ` +
      `${count('users')} users, ${count('questions')} questions, ${count('answers')} answers, ${count('comments')} comments.`,
  );
} finally {
  copy.close();
}
