import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, SQLITE_FILE_NAME } from '../db/database.js';
import { counterMismatches } from '../testing/invariants.js';
import { http, signUpOver } from '../testing/http-client.js';
import { killAllServers, runCli, startServer } from '../testing/server-process.js';
import { sqliteFileProblems, WriteLedger } from '../testing/write-ledger.js';
import { testEnv } from '../testing/test-env.js';

/**
 * Online backups of SQLite (`npm run db:backup -- <file>`) taken while bakers keep writing: each
 * copy passes the integrity check, is consistent (every counter matches its rows, as of one
 * commit), holds every write acknowledged before the backup began, and Crumb starts from it.
 */
const FULL = testEnv.reliabilityFull;
const BACKUPS = FULL ? 10 : 3;
const WRITERS = 4;

const root = mkdtempSync(path.join(tmpdir(), 'crumb-backup-'));
afterAll(async () => {
  await killAllServers();
  rmSync(root, { recursive: true, force: true });
});

describe('online backup (SQLite)', () => {
  it(`takes ${BACKUPS} consistent backups during writes, and the app starts from one with all data`, async () => {
    const dataDir = path.join(root, 'live');
    const server = await startServer({ DATA_DIR: dataDir, RATE_LIMITS: 'off' });
    const bakers = [];
    for (let i = 0; i < WRITERS; i += 1) bakers.push(await signUpOver(server.url, `backup.baker${i}`));
    const ledger = new WriteLedger();
    let stop = false;
    const writers = bakers.map((baker, i) => ledger.writeLoop(server.url, baker, `w${i}`, () => stop));

    const backups: { dir: string; titles: string[]; comments: string[] }[] = [];
    for (let n = 0; n < BACKUPS; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      // What the server had acknowledged before this backup began.
      const titles = [...ledger.questions].filter(([, q]) => q.state === 'present').map(([title]) => title);
      const comments = ledger.comments.map((c) => c.text);
      const dir = path.join(root, `backup${n}`);
      mkdirSync(dir);
      const output = await runCli('src/server/cli/backup.ts', [path.join(dir, SQLITE_FILE_NAME)], {
        DATA_DIR: dataDir,
      });
      expect(output).toMatch(/^Backed up .* questions/m);
      // A copy of the password hashes and the token secret: readable by its owner only.
      expect(statSync(path.join(dir, SQLITE_FILE_NAME)).mode & 0o777).toBe(0o600);
      backups.push({ dir, titles, comments });
    }
    stop = true;
    await Promise.all(writers);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    let checked = 0;
    for (const backup of backups) {
      const database = createDatabase({ dataDir: backup.dir });
      try {
        expect(await sqliteFileProblems(database.db)).toEqual([]);
        expect(await counterMismatches(database.db)).toEqual([]);
        const stored = new Set(
          (await database.db.selectFrom('questions').select('title').execute()).map((q) => q.title),
        );
        const storedComments = new Set(
          (await database.db.selectFrom('comments').select('body').execute()).map((c) => c.body),
        );
        // A question deleted later may be gone from a later backup; one never deleted must be there.
        const kept = backup.titles.filter((title) => ledger.questions.get(title)?.state === 'present');
        expect(kept.filter((title) => !stored.has(title))).toEqual([]);
        const keptComments = ledger.comments.filter(
          (c) => backup.comments.includes(c.text) && ledger.questions.get(c.title)?.state === 'present',
        );
        expect(keptComments.filter((c) => !storedComments.has(c.text))).toEqual([]);
        checked += kept.length + keptComments.length;
      } finally {
        await database.destroy();
      }
    }
    expect(checked).toBeGreaterThan(0);

    // Crumb runs from the last backup: its data, and tokens issued by the original server, work.
    const last = backups.at(-1)!;
    const restored = await startServer({ DATA_DIR: last.dir, RATE_LIMITS: 'off' });
    const feed = await http('GET', `${restored.url}/api/feed`, { token: bakers[0]!.token });
    expect(feed.status).toBe(200);
    for (const title of last.titles.filter((t) => ledger.questions.get(t)?.state === 'present').slice(0, 20)) {
      const id = ledger.questions.get(title)!.id;
      const question = await http<{ question: { questionTitle: string } }>(
        'GET',
        `${restored.url}/api/questions/${id}`,
      );
      expect(question.body.question.questionTitle).toBe(title);
    }
    restored.child.kill('SIGTERM');
    expect((await restored.exited).code).toBe(0);
    console.info(
      `backup: ${BACKUPS} online backups during ${ledger.acknowledged} acknowledged writes; ` +
        `${checked} pre-backup writes found in them; all consistent; restored server served the data`,
    );
  });
});
