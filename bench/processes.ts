import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ROOT } from '../src/server/testing/server-process.js';

/** Runs a node script to completion, its output shown as it goes. */
export async function runNode(args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: childEnv(env) });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`node ${args.join(' ')} failed with exit code ${code}`);
}

/**
 * Children get only the environment they are given: the server reads its whole configuration
 * from it, so nothing of the caller's shell changes a measurement.
 */
const childEnv = (env: Record<string, string>) => ({ ...env });

export interface Running {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts a node script that serves HTTP and waits until `probePath` answers. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  port: number,
  probePath: string,
): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: childEnv(env),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${probePath}`, child, 120_000);
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
