import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from './measure.js';

const children: ChildProcess[] = [];

/**
 * A server in a process of its own that spends `busyMs` of CPU time (not wall time, which a busy
 * machine would stretch) on every request, so that its CPU per response is known to be far above
 * what sending and timing a request costs.
 */
async function busyServer(busyMs: number): Promise<{ url: string; pid: number }> {
  const source = `
    const http = require('node:http');
    const server = http.createServer((request, response) => {
      const start = process.cpuUsage();
      for (;;) {
        const used = process.cpuUsage(start);
        if (used.user + used.system >= ${busyMs * 1000}) break;
      }
      response.end('ok');
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}/`, pid: child.pid as number };
}

afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    }),
  );
});

describe('a measured run', () => {
  it("gives the server's CPU and the load generator's apart, each per response", async () => {
    const server = await busyServer(5);
    // A first run compiles the load generator's code in this worker, as the benchmark's warm-up
    // does, so the measured run sees its steady cost.
    await run({ url: server.url }, { connections: 2, seconds: 1, memoryCanary: false });
    const m = await run(
      { url: server.url },
      { connections: 2, seconds: 1, serverPid: server.pid, memoryCanary: false },
    );

    // A busy machine (the rest of the suite runs beside this test) leaves the server fewer requests.
    expect(m.errors).toBe(0);
    expect(m.requests).toBeGreaterThan(20);
    expect(m.statusCodes['200']).toBe(m.requests);
    // The server's 5 ms of work per request shows in its figure (ticks of 10 ms make it coarse)...
    expect(m.serverCpuMsPerRequest).toBeGreaterThan(4);
    // ...and not in the load generator's, which is this process's own. Its cost is mostly fixed
    // per second, so per request it rises when the server answers fewer; on two cores shared with
    // three spinning processes it stayed under a fifth of the server's.
    expect(m.loadGeneratorCpuMsPerRequest).toBeGreaterThan(0);
    expect(m.loadGeneratorCpuMsPerRequest).toBeLessThan((m.serverCpuMsPerRequest ?? 0) / 2);
  }, 20_000);

  it('leaves the server CPU unmeasured when no server process is named', async () => {
    const server = await busyServer(0);
    const m = await run({ url: server.url }, { connections: 1, seconds: 1, memoryCanary: false });

    expect(m.serverCpuMsPerRequest).toBeUndefined();
    expect(m.loadGeneratorCpuMsPerRequest).toBeGreaterThan(0);
  }, 20_000);
});
