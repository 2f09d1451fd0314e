import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEnv } from './test-env.js';

/** The repository root, where the server's sources and node_modules are. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process has written so far. */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The process's resident memory in bytes (Linux), or undefined once it has ended. */
  rss(): number | undefined;
}

const running = new Set<ChildProcess>();

/**
 * Starts the real entry point (`src/server/main.ts`) as a child process with exactly the given
 * configuration, and resolves once `GET /api/health` answers 200. Request logging is off
 * (LOG_LEVEL=warn), so a load test measures the server rather than its log.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: testEnv.path,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited while starting:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start within ${timeoutMs} ms:\n${output}`);
  }
  return {
    child,
    url,
    output: () => output,
    exited,
    rss() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kib === undefined ? undefined : Number(kib) * 1024;
      } catch {
        return undefined;
      }
    },
  };
}

/** Kills every server this test file started and has not seen exit (for afterAll). */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const exit = once(child, 'exit');
      child.kill('SIGKILL');
      await exit;
    }),
  );
}

/** Runs a TypeScript CLI of the server to completion and returns its output; throws on a non-zero exit. */
export async function runCli(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: testEnv.path, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}
