import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How slowly the machine answers after it has idled: the bench's canary for the idle readers.
 *
 * At the readers' 200 requests a second autocannon sends each second's requests together, so the
 * servers idle for most of every second, and on some hosts the first answer after such a pause
 * takes milliseconds however little it costs (measured on the thirty-seventh machine: one GET to
 * the raw server took a median of 0.57 ms after a 5 ms pause and 9.5 ms after 1 s). Such a host
 * inflates the readers' idle p99, the other half of their ratio while voting. Measured against
 * the raw server, which does no work of its own, it shows the host's share by itself.
 */
export interface WakeProbe {
  /** One entry per pause, in the order asked. */
  pauses: { pauseMs: number; medianMs: number; samplesMs: number[] }[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One GET on the agent's kept-alive connection: milliseconds from sending it to its whole answer. */
function timedGet(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    request.on('error', reject);
  });
}

/**
 * `samples` GETs after each pause, one at a time on one kept-alive connection, the pauses taken
 * in turn (5 ms, 1 s, 5 ms, 1 s, …) so that a machine changing speed meanwhile weighs on each
 * alike. A first GET opens the connection and is not counted.
 */
export async function wakeProbe(url: string, pausesMs: readonly number[], samples: number): Promise<WakeProbe> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await timedGet(url, agent);
    const samplesMs = pausesMs.map(() => [] as number[]);
    for (let round = 0; round < samples; round += 1) {
      for (const [index, pauseMs] of pausesMs.entries()) {
        await sleep(pauseMs);
        samplesMs[index]?.push(await timedGet(url, agent));
      }
    }
    return {
      pauses: pausesMs.map((pauseMs, index) => {
        const taken = samplesMs[index] ?? [];
        return { pauseMs, medianMs: median(taken), samplesMs: taken };
      }),
    };
  } finally {
    agent.destroy();
  }
}
