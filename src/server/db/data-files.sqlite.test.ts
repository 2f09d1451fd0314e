import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, SQLITE_FILE_NAME } from './database.js';

const root = mkdtempSync(path.join(tmpdir(), 'crumb-files-'));
const permissions = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('the SQLite data folder and files', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('are made readable by their owner only: they hold password hashes and the token secret', async () => {
    const dataDir = path.join(root, 'data');
    const database = createDatabase({ dataDir });
    try {
      await migrateToLatest(database);
      const file = path.join(dataDir, SQLITE_FILE_NAME);
      expect(permissions(dataDir)).toBe('700');
      expect(permissions(file)).toBe('600');
      expect(permissions(`${file}-wal`)).toBe('600');
      expect(permissions(`${file}-shm`)).toBe('600');
    } finally {
      await database.destroy();
    }
  });
});
