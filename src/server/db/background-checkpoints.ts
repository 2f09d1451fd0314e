import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Copies SQLite's write-ahead log into the database file from a worker thread, so no request
 * pays for it.
 *
 * By default SQLite checkpoints inside the commit that takes the log past 1,000 pages: that
 * commit copies the pages and syncs the file on the request's thread, and node:sqlite is
 * synchronous, so every request waits. Measured on the million-post benchmark database, a vote's
 * transaction took 322–612 µs with automatic checkpoints and 151 µs without them; a checkpoint
 * after 3,000 votes took 205 ms. With this, the app's connection never checkpoints
 * (`wal_autocheckpoint = 0`) and a worker with its own connection runs a PASSIVE checkpoint
 * every `intervalMs`: it copies what no reader still needs, never waits for a lock and never
 * blocks a writer. Once everything is copied, the next write starts the log over, so it stays
 * about as large as what is written between two checkpoints (`journal_size_limit` trims it back
 * after a burst).
 *
 * The worker is plain JavaScript run from this string, so it runs the same from `src` (tests)
 * and `dist`; it only opens the file and checkpoints. If it fails, `onFailure` is told, so the
 * app can go back to automatic checkpoints.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file, { timeout: 0 });
db.exec('PRAGMA synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  const result = checkpoint.get();
  parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointReport {
  /** Frames in the write-ahead log, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export function startBackgroundCheckpoints(options: {
  file: string;
  intervalMs: number;
  onFailure: (error: Error) => void;
  onReport?: (report: CheckpointReport) => void;
}): BackgroundCheckpoints {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: options.file, intervalMs: options.intervalMs },
  });
  let stopping = false;
  let failed = false;
  const fail = (error: Error) => {
    if (failed || stopping) return;
    failed = true;
    options.onFailure(error);
  };
  worker.on('message', (report: CheckpointReport) => options.onReport?.(report));
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the checkpoint worker exited with code ${code}`)));
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      await exited;
    },
  };
}
