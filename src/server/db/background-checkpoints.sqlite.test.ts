import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints, type CheckpointReport } from './background-checkpoints.js';
import { createDatabase, SQLITE_FILE_NAME } from './database.js';

describe('background checkpoints (SQLite)', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'crumb-checkpoints-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writesNeverPaused = { pauseWrites: async () => {}, resumeWrites: () => {} };
  const failed = (error: Error): CheckpointReport => ({
    log: -1,
    checkpointed: Number(error),
    restarted: false,
    truncated: false,
  });

  /** Resolves with the first report that satisfies `wanted`. */
  function reportWhere(reports: CheckpointReport[], wanted: (report: CheckpointReport) => boolean) {
    return new Promise<CheckpointReport>((resolve, reject) => {
      const deadline = Date.now() + 5000;
      const poll = setInterval(() => {
        const found = reports.find(wanted);
        if (found || Date.now() > deadline) {
          clearInterval(poll);
          if (found) resolve(found);
          else reject(new Error(`no such report in ${JSON.stringify(reports.slice(-3))}`));
        }
      }, 5);
    });
  }

  it("copies the app connection's log into the database file, and the log then starts over", async () => {
    const file = path.join(dir, 'wal.db');
    const app = new DatabaseSync(file);
    app.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (x blob)');
    const insert = app.prepare('insert into t values (randomblob(2000))');
    for (let n = 0; n < 20; n += 1) {
      app.exec('begin');
      for (let row = 0; row < 100; row += 1) insert.run();
      app.exec('commit');
    }
    const reports: CheckpointReport[] = [];
    const checkpoints = startBackgroundCheckpoints({
      ...writesNeverPaused,
      file,
      intervalMs: 10,
      restartAboveFrames: Number.MAX_SAFE_INTEGER,
      truncateAboveBytes: Number.MAX_SAFE_INTEGER,
      onFailure: (error) => reports.push(failed(error)),
      onReport: (report) => reports.push(report),
    });
    try {
      // 2,000 rows of 2 KB: about 1,000 pages logged, none copied by the app's own commits.
      const copied = await reportWhere(reports, (r) => r.log > 900 && r.checkpointed === r.log);
      expect(copied.log).toBeGreaterThan(900);
      reports.length = 0;
      app.exec('insert into t values (randomblob(10))');
      const restarted = await reportWhere(reports, (r) => r.log > 0);
      expect(restarted.log).toBeLessThan(10);
      expect(app.prepare('select count(*) as n from t').get()).toEqual({ n: 2001 });
    } finally {
      await checkpoints.stop();
      app.close();
    }
  });

  it('truncates a large log once the app is idle, and a small one never', async () => {
    const file = path.join(dir, 'burst.db');
    const app = new DatabaseSync(file);
    app.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (x blob)');
    const insert = app.prepare('insert into t values (randomblob(2000))');
    app.exec('begin');
    for (let row = 0; row < 1000; row += 1) insert.run();
    app.exec('commit');
    const walSize = () => statSync(`${file}-wal`).size;
    expect(walSize()).toBeGreaterThan(2_000_000);

    const reports: CheckpointReport[] = [];
    const pauses = { asked: 0, resumed: 0 };
    const start = (truncateAboveBytes: number) =>
      startBackgroundCheckpoints({
        file,
        intervalMs: 10,
        restartAboveFrames: Number.MAX_SAFE_INTEGER,
        truncateAboveBytes,
        pauseWrites: async () => {
          pauses.asked += 1;
        },
        resumeWrites: () => {
          pauses.resumed += 1;
        },
        onFailure: (error) => reports.push(failed(error)),
        onReport: (report) => reports.push(report),
      });
    const keep = start(Number.MAX_SAFE_INTEGER);
    try {
      await reportWhere(reports, (r) => r.log > 0 && r.checkpointed === r.log);
      // Several idle checkpoints later the log is copied but the file is kept: it is not large.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reports.some((r) => r.truncated)).toBe(false);
      expect(walSize()).toBeGreaterThan(2_000_000);
      expect(pauses).toEqual({ asked: 0, resumed: 0 });
    } finally {
      await keep.stop();
    }

    reports.length = 0;
    const cut = start(1_000_000);
    try {
      await reportWhere(reports, (r) => r.truncated);
      expect(walSize()).toBe(0);
      // The truncation took the write lock with the app's writes held back, and let them go.
      expect(pauses.asked).toBeGreaterThanOrEqual(1);
      expect(pauses.resumed).toBe(pauses.asked);
      expect(app.prepare('select count(*) as n from t').get()).toEqual({ n: 1000 });
      app.exec('insert into t values (randomblob(10))');
      expect(app.prepare('select count(*) as n from t').get()).toEqual({ n: 1001 });
    } finally {
      await cut.stop();
      app.close();
    }
  });

  it('starts a long log over under a steady stream of writes, holding the writes back meanwhile', async () => {
    const file = path.join(dir, 'steady.db');
    const app = new DatabaseSync(file);
    app.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (x blob)');
    const insert = app.prepare('insert into t values (randomblob(2000))');
    let paused = false;
    const pauses = { asked: 0, resumed: 0 };
    let rows = 0;
    // A write every millisecond, so no checkpoint ever finds the log fully copied by itself.
    const writer = setInterval(() => {
      if (paused) return;
      app.exec('begin');
      for (let row = 0; row < 20; row += 1) insert.run();
      app.exec('commit');
      rows += 20;
    }, 1);
    const reports: CheckpointReport[] = [];
    const checkpoints = startBackgroundCheckpoints({
      file,
      intervalMs: 10,
      restartAboveFrames: 500,
      truncateAboveBytes: Number.MAX_SAFE_INTEGER,
      pauseWrites: async () => {
        paused = true;
        pauses.asked += 1;
      },
      resumeWrites: () => {
        paused = false;
        pauses.resumed += 1;
      },
      onFailure: (error) => reports.push(failed(error)),
      onReport: (report) => reports.push(report),
    });
    try {
      const restart = await reportWhere(reports, (r) => r.restarted);
      expect(restart.log).toBeGreaterThan(500);
      // The next writes start the log over: a later checkpoint finds it shorter.
      const after = reports.indexOf(restart);
      const shorter = await reportWhere(reports, (r) => reports.indexOf(r) > after && r.log < restart.log);
      expect(shorter.log).toBeLessThan(restart.log);
      // Each restart took the write lock with the writes held back, and let them go.
      expect(pauses.asked).toBeGreaterThanOrEqual(1);
      expect(pauses.resumed).toBe(pauses.asked);
    } finally {
      clearInterval(writer);
      await checkpoints.stop();
    }
    expect(app.prepare('select count(*) as n from t').get()).toEqual({ n: rows });
    app.close();
  });

  it('skips a checkpoint and lets the writes go when the app cannot hold them back', async () => {
    const file = path.join(dir, 'held.db');
    const app = new DatabaseSync(file);
    app.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; create table t (x blob)');
    app.exec('insert into t values (randomblob(2000))');
    const reports: CheckpointReport[] = [];
    let resumed = 0;
    const checkpoints = startBackgroundCheckpoints({
      file,
      intervalMs: 10,
      restartAboveFrames: 0,
      truncateAboveBytes: Number.MAX_SAFE_INTEGER,
      // A transaction that never ends: the writes are never held back.
      pauseWrites: () => new Promise<void>(() => {}),
      resumeWrites: () => {
        resumed += 1;
      },
      onFailure: (error) => reports.push(failed(error)),
      onReport: (report) => reports.push(report),
    });
    try {
      const skipped = await reportWhere(reports, (r) => r.log > 0);
      expect(skipped.restarted).toBe(false);
      expect(resumed).toBe(1);
    } finally {
      await checkpoints.stop();
      app.close();
    }
  });

  it('tells the app when the worker cannot run', async () => {
    const failure = await new Promise<Error>((resolve) => {
      startBackgroundCheckpoints({
        ...writesNeverPaused,
        file: path.join(dir, 'missing-folder', 'x.db'),
        intervalMs: 10,
        restartAboveFrames: 0,
        truncateAboveBytes: 0,
        onFailure: resolve,
      });
    });
    expect(failure.message).toMatch(/unable to open/i);
  });

  it("turns the app connection's own checkpoints off, and stops the worker when the database closes", async () => {
    const failures: Error[] = [];
    const handle = createDatabase({
      dataDir: dir,
      backgroundCheckpoints: { intervalMs: 10, onFailure: (error) => failures.push(error) },
    });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    // Commits never truncate the log: the worker does, when the app is idle.
    const limit = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(handle.db);
    expect(limit.rows[0]?.journal_size_limit).toBe(-1);
    await handle.destroy();
    expect(failures).toEqual([]);
    // Closed cleanly: the file opens, and its log was folded in when the last connection closed.
    const again = new DatabaseSync(path.join(dir, SQLITE_FILE_NAME));
    expect(again.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
    again.close();
  });
});
