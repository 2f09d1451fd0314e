import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, signUp, type ApiClient, type TestApp } from '../testing/test-app.js';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

describe('security headers', () => {
  let t: TestApp;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    token = (await signUp(api)).token;
  });
  afterAll(() => t.close());

  /** Successful and failed API calls, the page, an asset, and unknown paths of both kinds. */
  const requests = () =>
    [
      ['GET /api/health', () => api.get('/api/health')],
      ['GET /api/questions', () => api.get('/api/questions')],
      ['POST /api/questions/add (400)', () => api.post('/api/questions/add', {}, token)],
      ['GET /api/feed (401)', () => api.get('/api/feed')],
      ['GET /api/nowhere (404)', () => api.get('/api/nowhere')],
      ['POST /api/auth/login (413)', () => api.post('/api/auth/login', { username: 'x'.repeat(300_000) })],
      [
        'POST /api/auth/login (invalid JSON)',
        () => api.call('POST', '/api/auth/login', { body: '{', headers: { 'content-type': 'application/json' } }),
      ],
      ['GET / (page)', () => api.get('/')],
      ['GET /question/1 (page)', () => api.get('/question/1')],
      ['GET /assets/app-Fx1.js', () => api.get('/assets/app-Fx1.js')],
      ['GET /assets/missing.js (404)', () => api.get('/assets/missing.js')],
      ['GET /%zz (malformed path, 400)', () => api.get('/%zz')],
      ['GET /api/questions/%zz (malformed path, 400)', () => api.get('/api/questions/%zz')],
    ] as const;

  it('sends a strict Content-Security-Policy on every kind of response', async () => {
    for (const [name, send] of requests()) {
      const response = await send();
      const csp = String(response.headers['content-security-policy']);
      expect(csp, name).not.toMatch(/unsafe-(eval|inline|hashes)|strict-dynamic|https:|\*/);
      // Pages carry per-request nonces (the dialogs' one <style> element uses the style nonce).
      const nonces = [...csp.matchAll(/ 'nonce-([A-Za-z0-9+/=_-]+)'/g)].map((m) => m[1] ?? '');
      const withoutNonces = csp.replace(/ 'nonce-[A-Za-z0-9+/=_-]+'/g, '');
      expect(
        withoutNonces.split(';').map((d) => d.trim()),
        name,
      ).toEqual(EXPECTED_CSP);
      // Only the page's style nonce: no inline script is ever allowed.
      expect(csp, name).not.toMatch(/script-src[^;]*nonce/);
      if (name.endsWith('(page)')) {
        const styleNonce = /style-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
        expect(styleNonce, name).not.toBe('');
        expect(String(response.body), name).toContain(styleNonce);
      }
      expect(
        nonces.every((n) => n.length >= 16),
        name,
      ).toBe(true);
    }
  });

  it('forbids sniffing, framing and referrers on every kind of response', async () => {
    for (const [name, send] of requests()) {
      const { headers } = await send();
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['x-frame-options'], name).toBe('DENY');
      expect(headers['referrer-policy'], name).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], name).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], name).toBe('same-origin');
      expect(headers['x-powered-by'], name).toBeUndefined();
    }
  });

  it('gives each page response its own style nonce', async () => {
    const nonceOf = (csp: unknown) => /style-src[^;]*'nonce-([^']+)'/.exec(String(csp))?.[1];
    const first = nonceOf((await api.get('/')).headers['content-security-policy']);
    const second = nonceOf((await api.get('/')).headers['content-security-policy']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('keeps the API answering JSON with its own content type', async () => {
    const response = await api.get('/api/questions');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.status).toBe(200);
  });
});
