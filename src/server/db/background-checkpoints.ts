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
 * blocks a writer.
 *
 * The log starts over only when a write begins with every frame copied. Under a steady stream of
 * writes that never happens by itself: each PASSIVE checkpoint copies what was there when it
 * began, and new frames arrive while it syncs the file (measured: 1.0–1.3 GB of log after 14 s of
 * votes). So when the log holds more than `restartAboveFrames`, the worker asks the app to hold
 * its writes back (`pauseWrites`: its transactions wait in their queue, and reads go on), runs a
 * RESTART checkpoint, which copies the few frames the last PASSIVE one left and makes the next
 * write start the log over, and lets the writes go (`resumeWrites`). The file keeps its size and
 * is written over from the start.
 *
 * The log file is never cut back by a commit (SQLite's `journal_size_limit` would make the first
 * commit after a restart truncate it on the request's thread: 50 ms and more for a log grown to
 * 100 MB during a burst of votes, stalling every request). Instead, when a checkpoint finds the
 * log fully copied and no frame added since the previous one (the app is idle), and the file is
 * larger than `truncateAboveBytes`, the worker truncates it with a TRUNCATE checkpoint, with the
 * writes held back in the same way.
 *
 * The worker is plain JavaScript run from this string, so it runs the same from `src` (tests)
 * and `dist`; it only opens the file and checkpoints. If it fails, `onFailure` is told, so the
 * app can go back to automatic checkpoints, and writes held back go on.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const { statSync } = require('node:fs');
// RESTART and TRUNCATE wait this long for a reader to finish (writes are held back meanwhile).
const db = new DatabaseSync(workerData.file, { timeout: 200 });
db.exec('PRAGMA synchronous = NORMAL');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
const logSize = () => {
  try {
    return statSync(workerData.file + '-wal').size;
  } catch {
    return 0;
  }
};
let writesPaused = null;
let stopping = false;
let timer = null;
const finish = () => {
  db.close();
  parentPort.close();
};
// Runs a checkpoint that needs the write lock with the app's writes held back; if the app has not
// held them back in time (a transaction that never ends), skips it rather than wait for ever.
const withWritesPaused = async (checkpoint) => {
  const paused = await new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(false), workerData.longestPauseMs);
    writesPaused = () => {
      clearTimeout(giveUp);
      resolve(true);
    };
    parentPort.postMessage({ kind: 'pause writes' });
  });
  writesPaused = null;
  try {
    return paused && checkpoint.get().busy === 0;
  } finally {
    parentPort.postMessage({ kind: 'resume writes' });
  }
};
let previousLog = -1;
const tick = async () => {
  const result = passive.get();
  const idle = result.busy === 0 && result.log === result.checkpointed && result.log === previousLog;
  previousLog = result.log;
  let restarted = false;
  let truncated = false;
  if (result.busy === 0 && result.log > workerData.restartAboveFrames) {
    restarted = await withWritesPaused(restart);
  } else if (idle && result.log > 0 && logSize() > workerData.truncateAboveBytes) {
    truncated = await withWritesPaused(truncate);
  }
  if (restarted || truncated) previousLog = -1;
  parentPort.postMessage({ kind: 'report', log: result.log, checkpointed: result.checkpointed, restarted, truncated });
  if (stopping) finish();
  else timer = setTimeout(tick, workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'writes paused') writesPaused?.();
  if (message !== 'stop') return;
  stopping = true;
  // A tick under way finishes first (it may be waiting for the app's writes to pause).
  if (writesPaused === null) {
    clearTimeout(timer);
    finish();
  }
});
`;

/**
 * Writes held back longer than this go on anyway (a checkpoint stuck on a slow disk must not stop
 * them), and a worker whose request to hold them is not met within it skips that checkpoint.
 */
const LONGEST_PAUSE_MS = 1000;

export interface CheckpointReport {
  /** Frames in the write-ahead log, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
  /** Whether the worker then made the next write start the log over, the log being long. */
  restarted: boolean;
  /** Whether the worker then truncated the log file, the app being idle and the file large. */
  truncated: boolean;
}

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export interface BackgroundCheckpointOptions {
  file: string;
  intervalMs: number;
  restartAboveFrames: number;
  truncateAboveBytes: number;
  /** Holds the app's write transactions back; resolves once none is under way. */
  pauseWrites(): Promise<void>;
  resumeWrites(): void;
  onFailure: (error: Error) => void;
  onReport?: (report: CheckpointReport) => void;
}

type WorkerMessage = ({ kind: 'report' } & CheckpointReport) | { kind: 'pause writes' } | { kind: 'resume writes' };

export function startBackgroundCheckpoints(options: BackgroundCheckpointOptions): BackgroundCheckpoints {
  const { file, intervalMs, restartAboveFrames, truncateAboveBytes } = options;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, intervalMs, restartAboveFrames, truncateAboveBytes, longestPauseMs: LONGEST_PAUSE_MS },
  });
  let stopping = false;
  let failed = false;
  let pauseLimit: NodeJS.Timeout | undefined;
  const resumeWrites = () => {
    if (pauseLimit === undefined) return;
    clearTimeout(pauseLimit);
    pauseLimit = undefined;
    options.resumeWrites();
  };
  const fail = (error: Error) => {
    resumeWrites();
    if (failed || stopping) return;
    failed = true;
    options.onFailure(error);
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'report') {
      const { log, checkpointed, restarted, truncated } = message;
      options.onReport?.({ log, checkpointed, restarted, truncated });
    } else if (message.kind === 'pause writes') {
      pauseLimit = setTimeout(resumeWrites, LONGEST_PAUSE_MS);
      void options.pauseWrites().then(() => worker.postMessage('writes paused'));
    } else {
      resumeWrites();
    }
  });
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
