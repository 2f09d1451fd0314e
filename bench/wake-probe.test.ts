import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { median, wakeProbe } from './wake-probe.js';

const servers: http.Server[] = [];

/** A local server answering every GET with `status`, counting requests and connections. */
async function serve(status: number) {
  const seen = { requests: 0, connections: 0, at: [] as number[] };
  const server = http.createServer((_request, response) => {
    seen.requests += 1;
    seen.at.push(performance.now());
    response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
  });
  server.on('connection', () => {
    seen.connections += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('the wake probe', () => {
  it('times each pause its own samples, on one kept-alive connection, after one uncounted GET', async () => {
    const { url, seen } = await serve(200);
    const probe = await wakeProbe(url, [1, 40], 3);
    expect(probe.pauses.map((p) => p.pauseMs)).toEqual([1, 40]);
    for (const pause of probe.pauses) {
      expect(pause.samplesMs).toHaveLength(3);
      expect(pause.samplesMs.every((ms) => ms > 0 && Number.isFinite(ms))).toBe(true);
      expect(pause.medianMs).toBe(median(pause.samplesMs));
    }
    expect(seen.requests).toBe(7);
    expect(seen.connections).toBe(1);
  });

  it('waits the pause before each GET, the pauses taken in turn', async () => {
    const { url, seen } = await serve(200);
    await wakeProbe(url, [1, 60], 2);
    // Requests 2–5 follow pauses of 1, 60, 1 and 60 ms.
    const gaps = seen.at.slice(1).map((at, i) => at - (seen.at[i] as number));
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    expect(gaps[3]).toBeGreaterThanOrEqual(55);
    expect(gaps[0]).toBeLessThan(gaps[1] as number);
    expect(gaps[2]).toBeLessThan(gaps[3] as number);
  });

  it('fails on an answer that is not a success, rather than timing it', async () => {
    const { url } = await serve(404);
    await expect(wakeProbe(url, [1], 1)).rejects.toThrow('answered 404');
  });
});
