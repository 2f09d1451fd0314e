import fs from 'node:fs';
import autocannon from 'autocannon';
import { memoryNsPerRead } from './memory-canary.js';

/** One autocannon run, with latencies kept exactly (autocannon's own histogram rounds to whole milliseconds). */
export interface Measurement {
  /** Responses per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  statusCodes: Record<string, number>;
  /** autocannon's own p99 (whole milliseconds, corrected for coordinated omission at a fixed rate). */
  autocannonP99: number;
  requests: number;
  seconds: number;
  /** CPU time the server process spent per response (user + system), when measurable: a figure noise from other processes barely moves. */
  serverCpuMsPerRequest: number | undefined;
  /**
   * CPU time the load generator (this process: autocannon and the latencies it records) spent per
   * response. Beside the server's, it tells a server that got dearer from a load generator that
   * got slower and sent fewer requests to each of the server's wake-ups, which also raises the
   * server's cost per response. Absent from summaries written before it was measured.
   */
  loadGeneratorCpuMsPerRequest?: number | undefined;
  /**
   * Share of the machine's CPU time the hypervisor gave to other guests during the run (Linux's
   * `steal`): on a shared virtual machine it takes cycles from server and load generator alike,
   * so runs with much steal are slower than the code.
   */
  stealPercent?: number | undefined;
  /**
   * The machine's memory just before and just after the run: nanoseconds of CPU per dependent
   * read (memory-canary.ts), the mean of the two. Absent from summaries written before it was measured.
   */
  memoryNsPerRead?: number | undefined;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** Builds each request (method, path, body) instead of repeating one GET. */
  nextRequest?: () => { method: 'POST' | 'GET'; path: string; body?: string; headers?: Record<string, string> };
}

export interface RunOptions {
  connections: number;
  seconds: number;
  /** Requests per second across all connections (autocannon -R); unthrottled when absent. */
  rate?: number;
  /** The server's process id, to measure its CPU time. */
  serverPid?: number | undefined;
  /** Times the machine's memory before and after the run (memory-canary.ts); on unless false. */
  memoryCanary?: boolean;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds a process has used so far, from Linux's /proc; undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The machine's CPU time so far, in ticks: all of it and the part stolen by the hypervisor (Linux's /proc/stat). */
function cpuTicks(): { total: number; steal: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
    return { total, steal: ticks[7] ?? 0 };
  } catch {
    return undefined;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function run(target: Target, options: RunOptions): Promise<Measurement> {
  const latencies: number[] = [];
  const settings: autocannon.Options = {
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    headers: target.headers ?? {},
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(target.nextRequest
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const next = target.nextRequest?.();
                return { ...request, ...next, headers: { ...request.headers, ...next?.headers } };
              },
            },
          ],
        }
      : {}),
  };
  const canary = options.memoryCanary ?? true;
  const memoryBefore = canary ? memoryNsPerRead() : Number.NaN;
  const cpuBefore = cpuMs(options.serverPid);
  const loadGeneratorBefore = process.cpuUsage();
  const ticksBefore = cpuTicks();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(settings, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 300) latencies.push(responseTime);
    });
  });
  const cpuAfter = cpuMs(options.serverPid);
  const loadGenerator = process.cpuUsage(loadGeneratorBefore);
  const ticksAfter = cpuTicks();
  const memoryAfter = canary ? memoryNsPerRead() : Number.NaN;
  const elapsedTicks = ticksBefore && ticksAfter ? ticksAfter.total - ticksBefore.total : 0;
  const sorted = Float64Array.from(latencies).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: result.errors + result.non2xx,
    statusCodes,
    autocannonP99: result.latency.p99,
    requests: result.requests.total,
    seconds: result.duration,
    serverCpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
    loadGeneratorCpuMsPerRequest:
      result.requests.total === 0
        ? undefined
        : (loadGenerator.user + loadGenerator.system) / 1000 / result.requests.total,
    stealPercent:
      ticksBefore && ticksAfter && elapsedTicks > 0
        ? ((ticksAfter.steal - ticksBefore.steal) / elapsedTicks) * 100
        : undefined,
    memoryNsPerRead: canary ? (memoryBefore + memoryAfter) / 2 : undefined,
  };
}
