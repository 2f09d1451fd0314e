import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_TOKENS } from './tokens.js';

/** How many tokens fast-jwt's verifier has checked, to tell a kept token from one checked again. */
const checked = vi.hoisted(() => ({ count: 0 }));
vi.mock('fast-jwt', async (importOriginal) => {
  const original = await importOriginal<typeof import('fast-jwt')>();
  return {
    ...original,
    createVerifier: ((options: Parameters<typeof original.createVerifier>[0]) => {
      const verify = original.createVerifier(options) as (token: string) => unknown;
      return (token: string) => {
        checked.count += 1;
        return verify(token);
      };
    }) as typeof original.createVerifier,
  };
});

const SECRET = 'a-secret-of-enough-length-for-the-test';
const account = (id: number) => ({ id, username: `baker${id}`, token_version: 3 });

describe('token service', () => {
  let createTokenService: typeof import('./tokens.js').createTokenService;
  beforeAll(async () => {
    // The suite's setup has loaded the app, and with it this module with fast-jwt unwrapped.
    vi.resetModules();
    ({ createTokenService } = await import('./tokens.js'));
  });
  afterEach(() => {
    vi.useRealTimers();
    checked.count = 0;
  });

  it('answers a token it issued with its claims, checking its signature once while it is kept', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(account(7));
    const claims = { sub: '7', username: 'baker7', ver: 3 };
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(checked.count).toBe(1);
  });

  it('refuses a token signed with another key, altered, or not a token at all, however often sent', () => {
    const tokens = createTokenService(SECRET);
    const forged = createTokenService('another-secret-of-enough-length').issue(account(7));
    const genuine = tokens.issue(account(7));
    const [header, payload] = genuine.split('.');
    const altered = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, altered, 'not-a-token', forged]) expect(tokens.verify(token)).toBeNull();
    // A genuine token kept does not make a forged one with the same claims pass.
    expect(tokens.verify(genuine)).not.toBeNull();
    expect(tokens.verify(forged)).toBeNull();
  });

  it('refuses a kept token once it has expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(account(7));
    expect(tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-30T23:59:59Z'));
    expect(tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-31T00:00:01Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it(`keeps at most ${KEPT_TOKENS} tokens, the oldest going first`, () => {
    const tokens = createTokenService(SECRET);
    const first = tokens.issue(account(1));
    const second = tokens.issue(account(2));
    tokens.verify(first);
    tokens.verify(second);
    for (let id = 3; id <= KEPT_TOKENS; id += 1) tokens.verify(tokens.issue(account(id)));
    expect(checked.count).toBe(KEPT_TOKENS);
    // All kept: none is checked again.
    tokens.verify(first);
    tokens.verify(second);
    expect(checked.count).toBe(KEPT_TOKENS);
    // One more pushes the oldest out, and only it.
    tokens.verify(tokens.issue(account(KEPT_TOKENS + 1)));
    tokens.verify(second);
    expect(checked.count).toBe(KEPT_TOKENS + 1);
    expect(tokens.verify(first)).toEqual({ sub: '1', username: 'baker1', ver: 3 });
    expect(checked.count).toBe(KEPT_TOKENS + 2);
  });
});
