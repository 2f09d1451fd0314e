import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/server/db/seed/seed.js';
import { ensureDataset, FULL, locationEnv, SMALL, type Dataset, type Location } from './datasets.js';
import { readFixtures, type Fixtures } from './fixtures.js';
import { run as measure, type Measurement, type RunOptions, type Target } from './measure.js';
import { freePort, ROOT } from '../src/server/testing/server-process.js';
import { runNode, startServer, type Running } from './processes.js';
import type { RawBodies } from './raw-server.js';
import { wakeProbe } from './wake-probe.js';
import { printReport, targetsOf, type DatabasePathResult, type Report, type ScenarioResult } from './report.js';

/**
 * `npm run bench [-- --quick] [-- --postgres postgres://user@host:5432]`: builds the server,
 * generates (or reuses) the dataset, starts the production server and a raw node:http server,
 * and measures each hot path with autocannon from this process. Prints a table and writes
 * bench/results/<database>-<dataset>.json; `--print <that file>` prints its tables again.
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    postgres: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    /** Prints the tables of an earlier run's JSON summary instead of running. */
    print: { type: 'string' },
  },
});

const quick = values.quick;
const dataset: Dataset = quick ? SMALL : FULL;
/** The smoke test's 1 s runs keep it within two minutes: it checks that every scenario answers without errors, not how fast. */
const seconds = Number(values.seconds ?? (quick ? 1 : 10));
const warmUpSeconds = quick ? 1 : 3;
/**
 * Vote toggles before the votes are measured, on Crumb and on the raw server alike. A fresh
 * server's toggles cost more for their first 8–10 s, then settle (docs/performance.md, "The
 * runs"): the target is votes sustained, so they are measured once settled.
 */
const voteWarmUpSeconds = quick ? 1 : 10;
const connections = Number(values.connections);
/** Readers' rate while votes are written, and without them. */
const READER_RATE = 200;
/** The sustained write rate the forum is asked to carry. */
const VOTE_RATE = 2000;
/** Time given to the server after the votes, to copy their log into the database file (the smoke test's few seconds of votes leave little). */
const SETTLE_MS = quick ? 1000 : 3000;
const deepPage = quick ? 250 : 1000;
/** The wake probe's pauses (wake-probe.ts): a machine kept busy, and the second between the readers' bursts. */
const WAKE_PAUSES_MS = [5, 1000];
const wakeSamples = quick ? 2 : 8;

const log = (line: string) => console.log(`[bench] ${line}`);

/** One autocannon run; the smoke test skips the memory canary, which only helps read full runs. */
const run = (target: Target, options: RunOptions) => measure(target, { ...options, memoryCanary: !quick });

/**
 * The production server; `caches: false` turns off the anonymous cache and the feed cache, so
 * that every read goes to the database.
 */
async function startCrumb(location: Location, { caches = true } = {}): Promise<Running> {
  const port = await freePort();
  return startServer(
    ['dist/server/main.js'],
    {
      ...locationEnv(location),
      PORT: String(port),
      SEED: 'none',
      RATE_LIMITS: 'off',
      // Access logs off: the measured work is the forum's, as behind a proxy that logs requests.
      LOG_LEVEL: 'warn',
      ...(caches ? {} : { ANONYMOUS_CACHE_MS: '0', FEED_CACHE: 'off' }),
    },
    port,
    '/api/health',
  );
}

async function signIn(server: Running, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`signing in as ${username} failed: ${response.status}`);
  return ((await response.json()) as { encodedToken: string }).encodedToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A read's JSON body as Crumb answers it. */
async function bodyOf(server: Running, urlPath: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${server.url}${urlPath}`, { headers });
  if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}`);
  return response.text();
}

/** Follows nextCursor from page 1 to page `page` and returns that page's path. */
async function pathOfPage(server: Running, page: number): Promise<{ path: string; page: number }> {
  let path = '/api/questions';
  for (let n = 1; n < page; n += 1) {
    const response = await fetch(`${server.url}${path}`);
    const { nextCursor } = (await response.json()) as { nextCursor: string | null };
    if (!nextCursor) return { path, page: n };
    path = `/api/questions?cursor=${nextCursor}`;
  }
  return { path, page };
}

interface ReadScenario {
  key: string;
  label: string;
  path: string;
  headers?: Record<string, string>;
}

async function readScenarios(server: Running, fixtures: Fixtures, feedToken: string): Promise<ReadScenario[]> {
  const deep = await pathOfPage(server, deepPage);
  return [
    { key: 'latest', label: 'explore latest (page 1)', path: '/api/questions' },
    { key: 'trending', label: 'explore trending', path: '/api/questions?sort=trending' },
    { key: 'tag', label: 'tag page (Breads)', path: '/api/questions?tag=Breads' },
    {
      key: 'feed',
      label: `feed (following ${fixtures.feedUser.following})`,
      path: '/api/feed',
      headers: bearer(feedToken),
    },
    { key: 'search', label: 'search "sourdough starter"', path: '/api/questions?q=sourdough%20starter' },
    {
      key: 'question',
      label: `question (${fixtures.showcaseQuestion.answers} answers)`,
      path: `/api/questions/${fixtures.showcaseQuestion.id}`,
    },
    { key: 'deep', label: `explore latest page ${deep.page}`, path: deep.path },
  ];
}

async function measureReads(crumb: Running, raw: Running, scenarios: ReadScenario[]): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const target = (server: Running): Target => ({
      url: `${server.url}${scenario.path}`,
      ...(scenario.headers ? { headers: scenario.headers } : {}),
    });
    await run(target(crumb), { connections, seconds: warmUpSeconds });
    const max = await run(target(crumb), { connections, seconds, serverPid: crumb.child.pid });
    const platform = await run(target(raw), { connections, seconds, serverPid: raw.child.pid });
    const rate = Math.max(1, Math.floor(max.rps / 2));
    const fixed = await run(target(crumb), { connections, seconds, rate });
    const result: ScenarioResult = {
      key: scenario.key,
      label: scenario.label,
      path: scenario.path,
      rps: max.rps,
      rawRps: platform.rps,
      ratio: max.rps / platform.rps,
      rate,
      p50: fixed.p50,
      p99: fixed.p99,
      errors: max.errors + fixed.errors,
      unthrottled: max,
      rawUnthrottled: platform,
      atRate: fixed,
    };
    log(
      `${scenario.label}: ${Math.round(max.rps)} req/s (${(result.ratio * 100).toFixed(0)}% of raw), ` +
        `p50 ${fixed.p50.toFixed(2)} ms, p99 ${fixed.p99.toFixed(2)} ms at ${rate}/s`,
    );
    results.push(result);
  }
  return results;
}

/**
 * Every read once more on a server with the anonymous and feed caches off: what each costs when
 * it reads the database, as a signed-in read of a list does, and as the feed does the first time
 * after something it shows changed. No raw runs: the bodies are the same as in the first pass.
 *
 * Page 1 and page 1,000 are judged against each other, so they are measured first and back to
 * back, unthrottled twice each in the order 1, 1,000, 1,000, 1, and each is credited the mean of
 * its two runs: a machine that speeds up or slows down through the run then weighs on both
 * alike. Measured minutes apart, with the other reads between them, their ratio moved more from
 * run to run than the two pages differ (docs/performance.md, "The runs").
 */
async function measureDatabasePath(crumb: Running, scenarios: ReadScenario[]): Promise<DatabasePathResult[]> {
  const targetOf = (scenario: ReadScenario): Target => ({
    url: `${crumb.url}${scenario.path}`,
    ...(scenario.headers ? { headers: scenario.headers } : {}),
  });
  const unthrottled = async (scenario: ReadScenario) => {
    await run(targetOf(scenario), { connections, seconds: warmUpSeconds });
    return run(targetOf(scenario), { connections, seconds, serverPid: crumb.child.pid });
  };
  const paired = new Map<string, Measurement[]>();
  const latest = scenarios.find((s) => s.key === 'latest');
  const deep = scenarios.find((s) => s.key === 'deep');
  if (latest && deep) {
    for (const scenario of [latest, deep, deep, latest]) {
      const measured = await unthrottled(scenario);
      paired.set(scenario.key, [...(paired.get(scenario.key) ?? []), measured]);
    }
  }
  const results: DatabasePathResult[] = [];
  for (const scenario of scenarios) {
    const runs = paired.get(scenario.key) ?? [await unthrottled(scenario)];
    const [first, second] = runs as [Measurement, Measurement | undefined];
    const rps = runs.reduce((sum, m) => sum + m.rps, 0) / runs.length;
    const rate = Math.max(1, Math.floor(rps / 2));
    const fixed = await run(targetOf(scenario), { connections, seconds, rate });
    results.push({
      key: scenario.key,
      label: scenario.label,
      rps,
      rate,
      p50: fixed.p50,
      p99: fixed.p99,
      errors: runs.reduce((sum, m) => sum + m.errors, 0) + fixed.errors,
      unthrottled: first,
      ...(second ? { unthrottledAgain: second } : {}),
      atRate: fixed,
    });
    log(
      `database path, ${scenario.label}: ${Math.round(rps)} req/s` +
        `${second ? ` (${Math.round(first.rps)} and ${Math.round(second.rps)})` : ''}, ` +
        `p50 ${fixed.p50.toFixed(2)} ms, p99 ${fixed.p99.toFixed(2)} ms at ${rate}/s`,
    );
  }
  return results;
}

/**
 * Toggles votes: each request sends the opposite of the (voter, question) pair's state, read from
 * the database before the run and followed since, so every request changes a vote.
 */
function voteToggles(server: Running, tokens: string[], questionIds: number[], upvotedBefore: string[]): Target {
  const upvoted = new Set(upvotedBefore);
  let n = 0;
  return {
    url: `${server.url}/api/votes/react/${questionIds[0]}`,
    nextRequest: () => {
      n += 1;
      const voter = n % tokens.length;
      const question = questionIds[(n * 7919) % questionIds.length] as number;
      const key = `${voter}/${question}`;
      const reaction = upvoted.has(key) ? 'unvote' : 'upvote';
      if (reaction === 'upvote') upvoted.add(key);
      else upvoted.delete(key);
      return {
        method: 'POST',
        path: `/api/votes/react/${question}`,
        body: JSON.stringify({ reaction }),
        headers: { ...bearer(tokens[voter] as string), 'content-type': 'application/json' },
      };
    },
  };
}

/**
 * The platform under the votes' traffic: first the wake probe (how slowly the machine answers
 * one GET after idling), then the raw server's readers at the readers' rate, alone,
 * then (after a warm-up of the POSTs) while the same vote toggles go to it at the votes' rate,
 * each answered at once with a vote's body, then alone again. Not judged: it tells how much of
 * the readers' growth while voting the platform and the load generator show by themselves.
 */
async function measureRawMix(raw: Running, readersPath: string, tokens: string[], fixtures: Fixtures) {
  const readers: Target = { url: `${raw.url}${readersPath}` };
  const writes = voteToggles(raw, tokens, fixtures.voteQuestionIds, fixtures.upvoted);
  const wake = await wakeProbe(readers.url, WAKE_PAUSES_MS, wakeSamples);
  const idle = await run(readers, { connections, seconds, rate: READER_RATE });
  // Warmed up as Crumb's votes are before theirs.
  await run(writes, { connections, seconds: voteWarmUpSeconds });
  const [mixWrites, mixReaders] = await Promise.all([
    run(writes, { connections, seconds, rate: VOTE_RATE }),
    run(readers, { connections, seconds, rate: READER_RATE }),
  ]);
  const idleAfter = await run(readers, { connections, seconds, rate: READER_RATE });
  log(
    `raw server: one GET after ${wake.pauses.map((p) => p.pauseMs).join(' / ')} ms idle took ` +
      `${wake.pauses.map((p) => p.medianMs.toFixed(2)).join(' / ')} ms (medians); ` +
      `readers p99 ${idle.p99.toFixed(2)} / ${idleAfter.p99.toFixed(2)} ms idle → ` +
      `${mixReaders.p99.toFixed(2)} ms while ${Math.round(mixWrites.rps)} POSTs/s`,
  );
  return { wake, idle, idleAfter, mixWrites, mixReaders };
}

async function measureVotes(
  crumb: Running,
  fixtures: Fixtures,
  tokens: string[],
  rawMix: Awaited<ReturnType<typeof measureRawMix>>,
) {
  const writes = voteToggles(crumb, tokens, fixtures.voteQuestionIds, fixtures.upvoted);
  const readers: Target = { url: `${crumb.url}/api/questions` };
  // Readers' idle baseline first, before any vote: after a burst of votes the server still
  // copies and trims the write-ahead log for a while, which would inflate the baseline.
  const idleReaders = await run(readers, { connections, seconds, rate: READER_RATE });
  await run(writes, { connections, seconds: voteWarmUpSeconds });
  const writesAlone = await run(writes, { connections, seconds, serverPid: crumb.child.pid });
  const [mixWrites, mixReaders] = await Promise.all([
    run(writes, { connections, seconds, rate: VOTE_RATE }),
    run(readers, { connections, seconds, rate: READER_RATE }),
  ]);
  // The idle readers once more, once the votes' log is copied: the target is judged against the
  // lower of the two idle figures, so a baseline that other work on the machine inflated once
  // cannot make the ratio look better than it is.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idleReadersAfter = await run(readers, { connections, seconds, rate: READER_RATE });
  log(
    `votes: ${Math.round(writesAlone.rps)} toggles/s alone; at ${VOTE_RATE}/s asked: ${Math.round(mixWrites.rps)}/s, ` +
      `readers p99 ${idleReaders.p99.toFixed(2)} / ${idleReadersAfter.p99.toFixed(2)} ms idle → ${mixReaders.p99.toFixed(2)} ms ` +
      `(the raw server at that rate: ${rawMix.idle.p99.toFixed(2)} ms)`,
  );
  return {
    readerRate: READER_RATE,
    voteRate: VOTE_RATE,
    writesAlone,
    idleReaders,
    idleReadersAfter,
    mixWrites,
    mixReaders,
    rawReaders: rawMix.idle,
    rawReadersAfter: rawMix.idleAfter,
    rawMixWrites: rawMix.mixWrites,
    rawMixReaders: rawMix.mixReaders,
    rawWake: rawMix.wake,
  };
}

/**
 * The feed's p50 on the 10,000-post dataset on the database path, at the rate the full feed was
 * measured at there: whether the feed's statements slow down as the forum grows.
 */
async function feedBaseline(postgres: string | undefined, rate: number): Promise<Measurement> {
  const location = await ensureDataset(SMALL, postgres);
  const fixtures = await readFixtures(location);
  const crumb = await startCrumb(location, { caches: false });
  try {
    const token = await signIn(crumb, fixtures.feedUser.username);
    const target: Target = { url: `${crumb.url}/api/feed`, headers: bearer(token) };
    await run(target, { connections, seconds: warmUpSeconds });
    return await run(target, { connections, seconds, rate });
  } finally {
    await crumb.stop();
  }
}

async function main() {
  const began = Date.now();
  // Other work on the machine moves every figure: the one-minute load average is reported with them.
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const database = values.postgres ? 'postgres' : 'sqlite';
  log(`building the server`);
  await runNode(['node_modules/typescript/bin/tsc', '-b', 'tsconfig.build.json']);
  log(`dataset: ${dataset.name} ${JSON.stringify(dataset.size)} on ${database}`);
  const location = await ensureDataset(dataset, values.postgres);
  const fixtures = await readFixtures(location);

  const crumb = await startCrumb(location);
  let raw: Running | undefined;
  const resultsDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  try {
    const feedToken = await signIn(crumb, fixtures.feedUser.username);
    const scenarios = await readScenarios(crumb, fixtures, feedToken);
    const voterTokens = await Promise.all(fixtures.voters.map((name) => signIn(crumb, name)));
    // The raw server answers each path with the body Crumb gave for it, and each POST with the
    // votes of a post as a voter reads them: the shape and size of the answer to a vote.
    const reads: Record<string, string> = {};
    for (const scenario of scenarios) {
      reads[scenario.path] = await bodyOf(crumb, scenario.path, scenario.headers ?? {});
    }
    const vote = await bodyOf(crumb, `/api/votes/${fixtures.voteQuestionIds[0]}`, bearer(voterTokens[0] ?? ''));
    const bodies: RawBodies = { reads, vote };
    const bodiesFile = path.join(resultsDir, 'raw-bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const rawPort = await freePort();
    raw = await startServer(
      ['bench/raw-server.ts', bodiesFile, String(rawPort)],
      {},
      rawPort,
      scenarios[0]?.path ?? '/',
    );

    const readResults = await measureReads(crumb, raw, scenarios);
    // The platform's own latency at the readers' rate, idle and under the votes' traffic: what
    // the readers' figures are read against.
    const rawMix = await measureRawMix(raw, scenarios[0]?.path ?? '/', voterTokens, fixtures);
    await raw.stop();
    raw = undefined;
    const votes = await measureVotes(crumb, fixtures, voterTokens, rawMix);
    await crumb.stop();
    const uncached = await startCrumb(location, { caches: false });
    let databasePath: DatabasePathResult[];
    try {
      databasePath = await measureDatabasePath(uncached, scenarios);
    } finally {
      await uncached.stop();
    }

    const feed = databasePath.find((r) => r.key === 'feed');
    const baseline = !quick && feed ? await feedBaseline(values.postgres, feed.rate) : undefined;

    const report: Report = {
      database,
      dataset: dataset.name,
      size: dataset.size,
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg()[0] ?? 0,
      },
      settings: {
        connections,
        seconds,
        warmUpSeconds,
        voteWarmUpSeconds,
        readerRate: READER_RATE,
        voteRate: VOTE_RATE,
      },
      fixtures,
      reads: readResults,
      databasePath,
      votes,
      feedBaseline: baseline ? { posts: SMALL.size.posts, rate: feed?.rate ?? 0, measurement: baseline } : undefined,
      targets: [],
      minutes: 0,
    };
    report.targets = targetsOf(report);
    report.minutes = (Date.now() - began) / 60_000;
    const file = path.join(resultsDir, `${database}-${dataset.name}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    log(`wrote ${path.relative(ROOT, file)} (${report.minutes.toFixed(1)} min in all)`);
    const failures =
      report.reads.some((r) => r.errors > 0) ||
      rawMix.mixWrites.errors > 0 ||
      databasePath.some((r) => r.errors > 0) ||
      votes.mixWrites.errors > 0 ||
      votes.writesAlone.errors > 0;
    if (failures) {
      log('errors reached clients: failing');
      process.exitCode = 1;
    }
  } finally {
    await raw?.stop();
    await crumb.stop();
  }
}

if (values.print) {
  const report = JSON.parse(fs.readFileSync(values.print, 'utf8')) as Report;
  printReport({ ...report, targets: targetsOf(report) });
} else {
  await main();
}
