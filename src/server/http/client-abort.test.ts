import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { CONCURRENT_HASHES, hashPassword, MAX_WAITING_HASHES } from '../features/auth/password.js';
import { installErrorHandler } from './error-handler.js';
import { createTestApp, signUp, apiClient, type SignedUpUser, type TestApp } from '../testing/test-app.js';

/** A log stream that keeps each line the app logs, parsed, in `logged`. */
function logInto(logged: { level: number; msg: string }[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
}

/** Sends the start of a request, then closes the connection, as a phone leaving the network does. */
function abandonedRequest(port: number, request: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      setTimeout(() => socket.destroy(), 200);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('a client that leaves half-way through its request', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  let baker: SignedUpUser;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    baker = await signUp(apiClient(t.app));
    const database = createDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
      ...(t.database.schema ? { searchPath: t.database.schema } : {}),
    });
    const stream = logInto(logged);
    app = await buildApp({ config: t.config, database, logger: { level: 'info', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('is logged as the client leaving, not as the database being unavailable', async () => {
    const head =
      'POST /api/questions/add HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${baker.token}\r\nContent-Length: 100\r\n\r\n`;
    await abandonedRequest(port, `${head}{"questionData":`);
    await expect
      .poll(() => logged.some((line) => line.msg.includes('client closed the connection')), { timeout: 5000 })
      .toBe(true);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.some((line) => line.msg === 'database unavailable')).toBe(false);
  });

  it('drops a password check still waiting for its turn, which frees its place in the queue', async () => {
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: baker.username, password } });
    // Both slots busy for most of a second (production cost, twice over), and every place in the
    // queue but one taken.
    const slow = { N: 2 ** 18, r: 8, p: 1 };
    const fast = { N: 2 ** 10, r: 8, p: 1 };
    const held = Array.from({ length: CONCURRENT_HASHES + MAX_WAITING_HASHES - 1 }, (_, n) =>
      hashPassword(`held-password-${n}`, n < CONCURRENT_HASHES ? slow : fast),
    );
    const body = JSON.stringify({ username: baker.username, password: 'some-password-1' });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // Read and looked up within a few milliseconds, that sign-in takes the last place (the slow
    // hashes hold both slots for longer than this wait and the check below).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await login('another-password-1')).statusCode).toBe(503);
    socket.destroy();
    await expect
      .poll(() => logged.some((line) => line.msg === 'client closed the connection while its request waited'), {
        timeout: 2000,
      })
      .toBe(true);
    // Its place is free: the next sign-in waits its turn instead of being refused.
    const next = login(baker.password);
    await Promise.all(held);
    expect((await next).statusCode).toBe(200);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('an error met after the client has left', () => {
  const logged: { level: number; msg: string }[] = [];
  let app: FastifyInstance;
  let port: number;
  const gone = (request: FastifyRequest) =>
    new Promise<void>((resolve) => request.raw.socket.once('close', () => resolve()));

  beforeAll(async () => {
    const stream = logInto(logged);
    app = Fastify({ logger: { level: 'info', stream } });
    installErrorHandler(app);
    // A read whose database connection drops, and a bug, each noticed once the client has gone.
    app.get('/outage', async (request) => {
      await gone(request);
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/bug', async (request) => {
      await gone(request);
      throw new TypeError('cannot read properties of undefined');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it.each([
    ['/outage', 'database unavailable'],
    ['/bug', 'unexpected error'],
  ])('is still logged as an error: %s', async (path, message) => {
    await abandonedRequest(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await expect.poll(() => logged.some((line) => line.msg === message), { timeout: 5000 }).toBe(true);
    expect(logged.find((line) => line.msg === message)?.level).toBe(50);
    expect(logged.some((line) => line.msg.includes('client closed the connection'))).toBe(false);
  });
});
