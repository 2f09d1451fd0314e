import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** Sends `head` and `body` on a raw connection and reads until the server answers or closes. */
function rawRequest(port: number, head: string, body: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head + body));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('the server held the connection')));
  });
}

describe('a request that never arrives whole', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: 1000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const head = (length: number) =>
    `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('is answered 408 and its connection closed, rather than held for good', async () => {
    const { answer, ms } = await rawRequest(port, head(100), '{"logi');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: [messages.requestTimeout],
      code: 'request_timeout',
    });
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(5000);
  });

  it('nor are headers that stop half-way', async () => {
    const { answer, ms } = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: loc', '');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(5000);
  });

  it('while a whole request on another connection is answered as usual', async () => {
    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    const { answer } = await rawRequest(port, head(Buffer.byteLength(body)), body);
    // The login is refused (no such baker), in time, and not for taking too long.
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
  });
});

describe('a request the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it.each([
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n'],
    [
      'a Content-Length that is not a number',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
    ],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])("answers %s 400 in the API's error shape and closes the connection", async (_name, request) => {
    const { answer } = await rawRequest(port, request, '');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ errors: [messages.malformedRequest], code: 'bad_request' });
  });

  it("answers headers over Node's limit 431 in the API's error shape", async () => {
    const { answer } = await rawRequest(
      port,
      `GET /api/questions?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      '',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ errors: [messages.headersTooLarge], code: 'bad_request' });
  });
});
