import type { DatasetSize } from './datasets.js';
import type { Fixtures } from './fixtures.js';
import type { Measurement } from './measure.js';
import type { WakeProbe } from './wake-probe.js';

export interface ScenarioResult {
  key: string;
  label: string;
  path: string;
  /** Unthrottled throughput, and the raw node:http server's for the same body. */
  rps: number;
  rawRps: number;
  ratio: number;
  /** The fixed rate (half of rps) latency was measured at. */
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  unthrottled: Measurement;
  rawUnthrottled: Measurement;
  atRate: Measurement;
}

/** A read measured on the database path (the anonymous and feed caches off): no raw counterpart. */
export interface DatabasePathResult {
  key: string;
  label: string;
  rps: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  unthrottled: Measurement;
  /** Page 1 and page 1,000: their second unthrottled run; `rps` is the mean of both. */
  unthrottledAgain?: Measurement;
  atRate: Measurement;
}

export interface VoteResults {
  readerRate: number;
  voteRate: number;
  writesAlone: Measurement;
  /** Readers alone before any vote. */
  idleReaders: Measurement;
  /** Readers alone again after the votes (absent from summaries written before it was measured). */
  idleReadersAfter?: Measurement;
  mixWrites: Measurement;
  mixReaders: Measurement;
  /**
   * The raw node:http server at the readers' rate, sending explore's body: the platform's own
   * p99 at that rate, for reading the idle figures (not judged; absent from older summaries).
   */
  rawReaders?: Measurement;
  /**
   * The raw server under the votes' traffic (not judged; absent from older summaries): the same
   * toggles sent to it at the votes' rate, each answered at once, while the readers read
   * explore's body from it; then the readers alone again. What the platform and the load
   * generator add to the readers' p99 by themselves.
   */
  rawMixWrites?: Measurement;
  rawMixReaders?: Measurement;
  rawReadersAfter?: Measurement;
  /** The wake probe against the raw server, before its readers (not judged; absent from older summaries). */
  rawWake?: WakeProbe;
}

export interface TargetCheck {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

export interface Report {
  database: 'sqlite' | 'postgres';
  dataset: string;
  size: DatasetSize;
  date: string;
  machine: { cpus: number; model: string; node: string; loadAverageAtStart: number; loadAverageAtEnd: number };
  settings: {
    connections: number;
    seconds: number;
    warmUpSeconds: number;
    /** Absent from summaries written before the votes had a warm-up of their own (3 s, as every read's). */
    voteWarmUpSeconds?: number;
    readerRate: number;
    voteRate: number;
  };
  fixtures: Fixtures;
  reads: ScenarioResult[];
  /** The reads again with the anonymous and feed caches off: what each costs when it reads the database. */
  databasePath?: DatabasePathResult[] | undefined;
  votes: VoteResults;
  feedBaseline: { posts: number; rate: number; measurement: Measurement } | undefined;
  targets: TargetCheck[];
  minutes: number;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

/** A read's unthrottled runs: two for page 1 and page 1,000 on the database path, else one. */
const unthrottledRuns = (r: DatabasePathResult | ScenarioResult): Measurement[] =>
  'unthrottledAgain' in r && r.unthrottledAgain ? [r.unthrottled, r.unthrottledAgain] : [r.unthrottled];

/** The mean of one figure over runs; NaN when any run lacks it. */
const meanOf = (runs: Measurement[], figure: (m: Measurement) => number | undefined) =>
  runs.reduce((sum, m) => sum + (figure(m) ?? Number.NaN), 0) / runs.length;

/** The server's mean CPU milliseconds per request over runs; NaN when it was not measured. */
const meanCpuMs = (runs: Measurement[]) => meanOf(runs, (m) => m.serverCpuMsPerRequest);

/** The machine's memory over runs, mean nanoseconds per dependent read; blank when it was not measured. */
const memoryNs = (runs: Measurement[]) => {
  const mean = meanOf(runs, (m) => m.memoryNsPerRead);
  return Number.isFinite(mean) ? mean.toFixed(0) : '';
};

/** The issue's targets, checked against this run's figures (the thresholds are SQLite's; PostgreSQL has none yet). */
export function targetsOf(report: Report): TargetCheck[] {
  const read = (key: string) => report.reads.find((r) => r.key === key);
  const checks: TargetCheck[] = [];
  const latest = read('latest');
  const feed = read('feed');
  const deep = read('deep');
  if (latest) {
    checks.push({
      name: 'explore latest vs raw node:http',
      target: '≥ 40%',
      measured: pct(latest.ratio),
      met: latest.ratio >= 0.4,
    });
  }
  if (feed) {
    checks.push({ name: 'feed vs raw node:http', target: '≥ 25%', measured: pct(feed.ratio), met: feed.ratio >= 0.25 });
  }
  for (const key of ['latest', 'feed', 'question']) {
    const r = read(key);
    if (!r) continue;
    checks.push({
      name: `${r.label}: p99 at ${r.rate}/s (half max)`,
      target: '≤ 10 ms, 0 errors',
      measured: `${ms(r.p99)}, ${r.errors} errors`,
      met: r.p99 <= 10 && r.errors === 0,
    });
  }
  const errors = report.reads.reduce((sum, r) => sum + r.errors, 0);
  checks.push({ name: 'errors on every read scenario', target: '0', measured: String(errors), met: errors === 0 });
  // Keyset pagination is a property of the database path: with the cache on, both pages are cached answers.
  const dbLatest = report.databasePath?.find((r) => r.key === 'latest') ?? latest;
  const dbDeep = report.databasePath?.find((r) => r.key === 'deep') ?? deep;
  if (dbLatest && dbDeep) {
    const slower = dbLatest.rps / dbDeep.rps;
    const latestRuns = unthrottledRuns(dbLatest);
    const deepRuns = unthrottledRuns(dbDeep);
    const byCpu = meanCpuMs(deepRuns) / meanCpuMs(latestRuns);
    const memory = [memoryNs(latestRuns), memoryNs(deepRuns)];
    const eachRun = (runs: Measurement[]) => runs.map((m) => count(m.rps)).join(' and ');
    checks.push({
      name: `${dbDeep.label} vs page 1 (throughput${report.databasePath ? ', database path' : ''})`,
      target: '≤ 1.2× slower',
      measured:
        `${slower.toFixed(2)}×` +
        (latestRuns.length > 1 ? ` (req/s: page 1 ${eachRun(latestRuns)}, the deep page ${eachRun(deepRuns)})` : '') +
        (Number.isFinite(byCpu) ? `; ${byCpu.toFixed(2)}× by CPU` : '') +
        (memory[0] && memory[1] ? `; memory ${memory[0]} and ${memory[1]} ns/read` : ''),
      met: slower <= 1.2,
    });
  }
  // Like keyset pagination, how the feed grows with the forum is a property of its statements.
  const dbFeed = report.databasePath?.find((r) => r.key === 'feed') ?? feed;
  if (dbFeed && report.feedBaseline) {
    const growth = dbFeed.p50 / report.feedBaseline.measurement.p50;
    const memory = [memoryNs([dbFeed.atRate]), memoryNs([report.feedBaseline.measurement])];
    checks.push({
      name: `feed p50 at ${report.size.posts.toLocaleString('en-US')} posts vs ${report.feedBaseline.posts.toLocaleString('en-US')} (at ${report.feedBaseline.rate}/s${report.databasePath ? ', database path' : ''})`,
      target: '≤ 1.3×',
      measured:
        `${ms(dbFeed.p50)} vs ${ms(report.feedBaseline.measurement.p50)} = ${growth.toFixed(2)}×` +
        (memory[0] && memory[1] ? `; memory ${memory[0]} and ${memory[1]} ns/read` : ''),
      met: growth <= 1.3,
    });
  }
  const v = report.votes;
  const sustained = v.mixWrites.rps;
  checks.push({
    name: `vote toggles sustained (asked ${v.voteRate}/s, with readers at ${v.readerRate}/s)`,
    target: `≥ ${v.voteRate}/s, 0 errors`,
    measured: `${Math.round(sustained)}/s, ${v.mixWrites.errors} errors (${Math.round(v.writesAlone.rps)}/s unthrottled)`,
    // autocannon's fixed rate can end a run a few requests short of the second it stops in.
    met: sustained >= v.voteRate * 0.99 && v.mixWrites.errors === 0 && v.writesAlone.errors === 0,
  });
  const idleP99 = lowerP99(v.idleReaders, v.idleReadersAfter);
  const readerGrowth = v.mixReaders.p99 / idleP99;
  checks.push({
    name: 'readers p99 while voting vs idle (the lower of before and after)',
    target: '≤ 2×',
    measured: `${ms(v.mixReaders.p99)} vs ${ms(idleP99)} = ${readerGrowth.toFixed(2)}×`,
    met: readerGrowth <= 2 && v.mixReaders.errors === 0,
  });
  return checks;
}

function table(header: string[], rows: string[][], alignRight: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (alignRight[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const steal = (m: Measurement | undefined) => (m?.stealPercent === undefined ? '' : m.stealPercent.toFixed(0));
const cpu = (m: Measurement | undefined) =>
  m?.serverCpuMsPerRequest === undefined ? '' : String(Math.round(m.serverCpuMsPerRequest * 1000));
const loadGeneratorCpu = (m: Measurement | undefined) =>
  m?.loadGeneratorCpuMsPerRequest === undefined ? '' : String(Math.round(m.loadGeneratorCpuMsPerRequest * 1000));
/** The server's CPU µs per request, averaged over runs; blank when it was not measured. */
const meanCpu = (runs: Measurement[]) => {
  const mean = meanCpuMs(runs);
  return Number.isFinite(mean) ? String(Math.round(mean * 1000)) : '';
};

/** A table row for a run that has no raw counterpart. */
function row(label: string, m: Measurement, rate: number | undefined, withCpu = false): string[] {
  return [
    label,
    count(m.rps),
    '',
    '',
    withCpu ? cpu(m) : '',
    '',
    withCpu ? loadGeneratorCpu(m) : '',
    steal(m),
    memoryNs([m]),
    rate === undefined ? '' : String(rate),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    String(m.errors),
  ];
}

/** Markdown tables, so a run's output can be pasted into docs/performance.md as it is. */
export function printReport(report: Report): void {
  const rows = report.reads.map((r) => [
    r.label,
    count(r.rps),
    count(r.rawRps),
    pct(r.ratio),
    cpu(r.unthrottled),
    cpu(r.rawUnthrottled),
    r.unthrottled.loadGeneratorCpuMsPerRequest === undefined
      ? ''
      : `${loadGeneratorCpu(r.unthrottled)} / ${loadGeneratorCpu(r.rawUnthrottled)}`,
    `${steal(r.unthrottled)} / ${steal(r.rawUnthrottled)}`,
    memoryNs([r.unthrottled]),
    String(r.rate),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    String(r.errors),
  ]);
  const v = report.votes;
  rows.push(row('vote toggles (alone, unthrottled)', v.writesAlone, undefined, true));
  rows.push(row(`vote toggles at ${v.voteRate}/s + readers`, v.mixWrites, v.voteRate));
  rows.push(row('readers (explore latest) idle', v.idleReaders, v.readerRate));
  rows.push(row('readers while voting', v.mixReaders, v.readerRate));
  if (v.idleReadersAfter) rows.push(row('readers idle after the votes', v.idleReadersAfter, v.readerRate));
  if (v.rawReaders) rows.push(row("raw server at the readers' rate", v.rawReaders, v.readerRate));
  if (v.rawMixWrites) rows.push(row(`raw server: POSTs at ${v.voteRate}/s + readers`, v.rawMixWrites, v.voteRate));
  if (v.rawMixReaders) rows.push(row('raw server: readers while POSTs', v.rawMixReaders, v.readerRate));
  if (v.rawReadersAfter) rows.push(row('raw server: readers idle after', v.rawReadersAfter, v.readerRate));
  if (report.feedBaseline) {
    const b = report.feedBaseline;
    rows.push(row(`feed at ${count(b.posts)} posts`, b.measurement, b.rate));
  }
  console.log(
    `\n${report.database}, ${report.size.posts.toLocaleString('en-US')} posts, ${report.machine.cpus} CPUs (${report.machine.model}), node ${report.machine.node}, ` +
      `${report.settings.connections} connections, ${report.settings.seconds} s per run, ` +
      `load average ${report.machine.loadAverageAtStart.toFixed(1)} at start and ${report.machine.loadAverageAtEnd.toFixed(1)} at end` +
      memorySpread(report) +
      '\n',
  );
  console.log(
    table(
      [
        'scenario',
        'req/s',
        'raw req/s',
        'of raw',
        'CPU µs/req',
        'raw CPU µs/req',
        'load generator µs/req',
        'steal %',
        'memory ns/read',
        'fixed rate',
        'p50 ms',
        'p99 ms',
        'errors',
      ],
      rows,
      [false, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  if (report.databasePath?.length) {
    console.log('\nThe same reads on the database path (anonymous and feed caches off):\n');
    console.log(
      table(
        ['scenario', 'req/s', 'CPU µs/req', 'steal %', 'memory ns/read', 'fixed rate', 'p50 ms', 'p99 ms', 'errors'],
        report.databasePath.map((r) => [
          r.label,
          count(r.rps),
          meanCpu(unthrottledRuns(r)),
          steal(r.unthrottled),
          memoryNs([...unthrottledRuns(r), r.atRate]),
          String(r.rate),
          r.p50.toFixed(2),
          r.p99.toFixed(2),
          String(r.errors),
        ]),
        [false, true, true, true, true, true, true, true, true],
      ),
    );
  }
  console.log('');
  console.log(
    table(
      ['target', 'wanted', 'measured', 'met'],
      report.targets.map((t) => [t.name, t.target, t.measured, t.met ? 'yes' : 'NO']),
      [false, false, false, false],
    ),
  );
  const platform = rawReadersGrowth(v);
  if (platform) {
    console.log(
      `\nThe raw server under the same traffic (not judged): readers' p99 ${ms(platform.whileWriting)} while ` +
        `${count(v.rawMixWrites?.rps ?? 0)} POSTs/s vs ${ms(platform.idle)} idle (the lower of before and after) ` +
        `= ${platform.growth.toFixed(2)}×`,
    );
  }
  if (v.rawWake) {
    const [short, ...longer] = v.rawWake.pauses;
    console.log(
      `The machine after idling (not judged): one GET to the raw server took a median of ` +
        `${ms(short?.medianMs ?? Number.NaN)} after ${count(short?.pauseMs ?? Number.NaN)} ms idle` +
        longer.map((p) => ` and ${ms(p.medianMs)} after ${count(p.pauseMs)} ms`).join('') +
        ` (${short?.samplesMs.length} GETs after each pause)`,
    );
  }
}

/** Every autocannon run of the report. */
function measurementsOf(report: Report): Measurement[] {
  const v = report.votes;
  return [
    ...report.reads.flatMap((r) => [r.unthrottled, r.rawUnthrottled, r.atRate]),
    ...(report.databasePath ?? []).flatMap((r) => [...unthrottledRuns(r), r.atRate]),
    ...[v.writesAlone, v.idleReaders, v.idleReadersAfter, v.mixWrites, v.mixReaders],
    ...[v.rawReaders, v.rawMixWrites, v.rawMixReaders, v.rawReadersAfter],
    report.feedBaseline?.measurement,
  ].filter((m): m is Measurement => m !== undefined);
}

/** The lowest and highest memory canary over the runs, for the report's first line. */
function memorySpread(report: Report): string {
  const readings = measurementsOf(report).flatMap((m) => (m.memoryNsPerRead === undefined ? [] : [m.memoryNsPerRead]));
  if (readings.length === 0) return '';
  return `, memory ${Math.min(...readings).toFixed(0)}–${Math.max(...readings).toFixed(0)} ns per dependent read`;
}

/**
 * The readers' idle p99 a growth is judged against: the lower of the runs before and after the
 * writes, so a baseline that other work on the machine inflated once cannot flatter the ratio.
 */
function lowerP99(before: Measurement, after: Measurement | undefined): number {
  return Math.min(before.p99, after?.p99 ?? Number.POSITIVE_INFINITY);
}

/** The raw server's readers' p99 while POSTs come against its lower idle p99, when measured. */
function rawReadersGrowth(v: VoteResults): { whileWriting: number; idle: number; growth: number } | undefined {
  if (!v.rawReaders || !v.rawMixReaders) return undefined;
  const idle = lowerP99(v.rawReaders, v.rawReadersAfter);
  return { whileWriting: v.rawMixReaders.p99, idle, growth: v.rawMixReaders.p99 / idle };
}
