import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.js';
import { signUpOver } from '../testing/http-client.js';
import { killAllServers, startServer } from '../testing/server-process.js';
import { sqliteFileProblems, WriteLedger } from '../testing/write-ledger.js';
import { testEnv } from '../testing/test-env.js';

/**
 * Crash safety on SQLite: the real server streams writes from several bakers and is killed with
 * SIGKILL at a random moment, again and again. After every kill the database file must pass
 * SQLite's integrity and foreign-key checks, keep every counter exact, and hold every write the
 * server acknowledged before it died. RELIABILITY_FULL=1 runs 25 cycles instead of 5.
 */
const FULL = testEnv.reliabilityFull;
const CYCLES = FULL ? 25 : 5;
const WRITERS = 4;

const dataDir = mkdtempSync(path.join(tmpdir(), 'crumb-crash-'));
afterAll(async () => {
  await killAllServers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during writes (SQLite)', () => {
  it(`loses no acknowledged write over ${CYCLES} kill cycles`, async () => {
    const env = { DATA_DIR: dataDir, RATE_LIMITS: 'off' };
    const first = await startServer(env);
    const bakers = [];
    for (let i = 0; i < WRITERS; i += 1) bakers.push(await signUpOver(first.url, `crash.baker${i}`));
    first.child.kill('SIGKILL');
    await first.exited;

    const ledger = new WriteLedger();
    let checked = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const server = await startServer(env);
      let killed = false;
      const writers = bakers.map((baker, i) => ledger.writeLoop(server.url, baker, `c${cycle}w${i}`, () => killed));
      // A random moment: sometimes right after start, sometimes well into a stream of writes.
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 1900));
      killed = true;
      server.child.kill('SIGKILL');
      const { signal } = await server.exited;
      await Promise.all(writers);
      expect(signal).toBe('SIGKILL');

      const database = createDatabase({ dataDir });
      try {
        expect(await sqliteFileProblems(database.db), `cycle ${cycle}`).toEqual([]);
        const result = await ledger.verify(database.db);
        expect(result.problems, `cycle ${cycle}`).toEqual([]);
        checked = result.checked;
      } finally {
        await database.destroy();
      }
    }
    // Besides 2xx and answers that never came, only 404s: a comment or vote racing another
    // baker's delete of its question. Nothing else was refused, and nothing answered 5xx.
    expect([...ledger.refusals.keys()].filter((status) => status !== 404)).toEqual([]);
    expect(ledger.acknowledged).toBeGreaterThan(CYCLES * 10);
    console.info(
      `crash: ${CYCLES} SIGKILL cycles survived; ${ledger.acknowledged} writes acknowledged, ` +
        `${checked} acknowledged writes verified after the last kill, ${ledger.unanswered} cut off unanswered`,
    );
  });
});
