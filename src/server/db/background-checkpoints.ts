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
 * about as large as what is written between two checkpoints.
 *
 * The log file is never cut back by a commit (SQLite's `journal_size_limit` would make the first
 * commit after a restart truncate it on the request's thread: 50 ms and more for a log grown to
 * 100 MB during a burst of votes, stalling every request). Instead, when a checkpoint finds the
 * log fully copied and no frame added since the previous one (the app is idle), and the file is
 * larger than `truncateAboveBytes`, the worker truncates it with a TRUNCATE checkpoint. That one
 * takes the write lock, without waiting for it: a writer that arrives meanwhile waits the few
 * milliseconds it lasts, and only after a burst has ended.
 *
 * The worker is plain JavaScript run from this string, so it runs the same from `src` (tests)
 * and `dist`; it only opens the file and checkpoints. If it fails, `onFailure` is told, so the
 * app can go back to automatic checkpoints.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const { statSync } = require('node:fs');
const db = new DatabaseSync(workerData.file, { timeout: 0 });
db.exec('PRAGMA synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
const logSize = () => {
  try {
    return statSync(workerData.file + '-wal').size;
  } catch {
    return 0;
  }
};
let previousLog = -1;
const timer = setInterval(() => {
  const result = checkpoint.get();
  const idle = result.busy === 0 && result.log === result.checkpointed && result.log === previousLog;
  previousLog = result.log;
  const truncated = idle && result.log > 0 && logSize() > workerData.truncateAboveBytes && truncate.get().busy === 0;
  if (truncated) previousLog = -1;
  parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed, truncated });
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
  /** Whether the worker then truncated the log file, the app being idle and the file large. */
  truncated: boolean;
}

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export function startBackgroundCheckpoints(options: {
  file: string;
  intervalMs: number;
  truncateAboveBytes: number;
  onFailure: (error: Error) => void;
  onReport?: (report: CheckpointReport) => void;
}): BackgroundCheckpoints {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: options.file, intervalMs: options.intervalMs, truncateAboveBytes: options.truncateAboveBytes },
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
