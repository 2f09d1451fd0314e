import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { DEMO_PASSWORD } from '../db/seed/seed.js';
import { hashPassword } from '../features/auth/password.js';
import { generateCommunity, withDefaults, type Progress } from '../db/generator/community.js';

/**
 * `npm run db:generate -- --users 100000 --posts 1000000 --votes 10000000 --follows 5000000`:
 * fills the empty configured database (DATA_DIR or DATABASE_URL) with a synthetic community for
 * load tests. Every generated baker's password is the demo password.
 */
const USAGE = `Usage: npm run db:generate -- [--users N] [--posts N (10000)] [--votes N] [--follows N]
       [--answers N] [--comments N] [--bookmarks N] [--seed N (1)]
Fills the empty database named by DATA_DIR or DATABASE_URL; counts not given grow with --posts.`;

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        help: { type: 'boolean', default: false },
        users: { type: 'string' },
        posts: { type: 'string', default: '10000' },
        votes: { type: 'string' },
        follows: { type: 'string' },
        answers: { type: 'string' },
        comments: { type: 'string' },
        bookmarks: { type: 'string' },
        seed: { type: 'string', default: '1' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(1);
  }
}

const { values } = parseCommandLine();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${raw}`);
  return value;
}

const posts = count('posts', values.posts) ?? 10_000;
const size = withDefaults({
  posts,
  ...definedOnly({
    users: count('users', values.users),
    votes: count('votes', values.votes),
    follows: count('follows', values.follows),
    answers: count('answers', values.answers),
    comments: count('comments', values.comments),
    bookmarks: count('bookmarks', values.bookmarks),
  }),
});

function definedOnly<T extends Record<string, number | undefined>>(record: T): Partial<Record<keyof T, number>> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof T, number>
  >;
}

const config = loadConfig();
const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longStatements: true });
const began = performance.now();
const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
const formatCount = (n: number) => n.toLocaleString('en-US');
const interactive = process.stderr.isTTY;
let lastPrinted = 0;

function report(progress: Progress, force = false) {
  const at = performance.now();
  if (!force && at - lastPrinted < (interactive ? 250 : 10_000)) return;
  lastPrinted = at;
  const rows = Object.entries(progress.rows)
    .map(([table, n]) => `${table} ${formatCount(n)}`)
    .join(' · ');
  const line = `${progress.phase}: ${rows} · ${seconds()} s`;
  process.stderr.write(interactive ? `\r\u001b[2K${line}` : `${line}\n`);
}

try {
  console.log(`Generating into the ${database.dialect} database: ${JSON.stringify(size)}`);
  await migrateToLatest(database);
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHash);
  let phase = '';
  await database.db.connection().execute((db) =>
    generateCommunity(db, database.dialect, {
      size,
      passwordHash,
      now: Date.now(),
      seed: count('seed', values.seed) ?? 1,
      onProgress: (progress) => {
        report(progress, progress.phase !== phase);
        phase = progress.phase;
      },
    }),
  );
  if (interactive) process.stderr.write('\n');
  console.log(`Generated in ${seconds()} s. Every baker's password is '${DEMO_PASSWORD}'.`);
} finally {
  await database.destroy();
}
