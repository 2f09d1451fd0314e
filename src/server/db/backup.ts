import { closeSync, openSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export interface BackupCounts {
  users: number;
  questions: number;
  answers: number;
  comments: number;
}

/**
 * Copies the SQLite database at `source` to the new file `destination` while the server keeps
 * running and writing. `VACUUM INTO` reads the database inside one read transaction (WAL lets
 * writers go on meanwhile), so the copy is the database exactly as of one commit, compacted into
 * a single file that Crumb can start from. The copy is read back and must pass SQLite's integrity
 * check; answers what it holds.
 */
export function backUpSqlite(source: string, destination: string): BackupCounts {
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

  const copy = new DatabaseSync(destination, { readOnly: true });
  try {
    const integrity = copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    if (integrity.integrity_check !== 'ok')
      throw new Error(`the backup failed its integrity check: ${integrity.integrity_check}`);
    const count = (table: keyof BackupCounts) =>
      (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      users: count('users'),
      questions: count('questions'),
      answers: count('answers'),
      comments: count('comments'),
    };
  } finally {
    copy.close();
  }
}
