import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real entry point as a child process: start, serve demo data, stop gracefully, restart with data kept. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'crumb-main-'));
const children: ChildProcess[] = [];

function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 25_000);
    const check = setInterval(() => {
      const match = /Crumb is listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        clearInterval(check);
        resolve({ child, url: match[1], output: () => output });
      }
    }, 50);
    child.on('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('serves the demo data, logs one line with its URL, and exits cleanly on SIGTERM', async () => {
    const { child, url, output } = await start();
    expect(output().match(/Crumb is listening on/g)).toHaveLength(1);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const list = (await (await fetch(`${url}/api/questions?limit=100`)).json()) as { questions: unknown[] };
    expect(list.questions.length).toBeGreaterThan(10);
    // `npm test` builds first, so the web app is there; run alone before a build, the server
    // says how to build it instead.
    const home = await fetch(`${url}/`);
    if (existsSync(new URL('../../dist/web/index.html', import.meta.url))) {
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
    } else {
      expect(home.status).toBe(503);
      expect(await home.text()).toContain('npm run build');
    }

    const exited = exitOf(child);
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output()).toContain('SIGTERM received');
  });

  it('keeps its data across restarts and does not load the demo data twice', async () => {
    const { child, url } = await start();
    const token = (
      (await (
        await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'priya.cakes', password: 'bake-together' }),
        })
      ).json()) as { encodedToken: string }
    ).encodedToken;
    const added = await fetch(`${url}/api/questions/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ questionData: { questionTitle: 'Survives a restart?', questionText: 'It should.' } }),
    });
    expect(added.status).toBe(201);
    const before = (await (await fetch(`${url}/api/users?limit=100`)).json()) as { users: unknown[] };
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await start();
    const after = (await (await fetch(`${second.url}/api/users?limit=100`)).json()) as { users: unknown[] };
    expect(after.users.length).toBe(before.users.length);
    const found = (await (await fetch(`${second.url}/api/questions?q=survives%20restart`)).json()) as {
      questions: { questionTitle: string }[];
    };
    expect(found.questions.map((q) => q.questionTitle)).toEqual(['Survives a restart?']);
    // The token issued before the restart is still valid: the secret is kept in the database.
    const feed = await fetch(`${second.url}/api/feed`, { headers: { authorization: `Bearer ${token}` } });
    expect(feed.status).toBe(200);
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});
