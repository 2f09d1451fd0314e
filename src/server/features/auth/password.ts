import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashParams } from '../../config.js';
import { concurrencyLimit } from '../../concurrency-limit.js';
import { AppError } from '../../errors.js';
import { messages } from '../../../shared/messages.js';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * Hashes computed at once; the rest wait their turn. Each takes 128 MiB and one of the four
 * threads of libuv's pool for about a third of a second, and that pool also reads the web app's
 * files from disk: unbounded, twenty wrong sign-ins held every page's scripts for 5.3 s, and the
 * memory grew with the burst. Two leave the pool two threads for files and use both cores.
 */
export const CONCURRENT_HASHES = 2;

/**
 * Hashes waiting for a slot, at most: one more is refused at once (503, `Retry-After`) instead of
 * queued. Two hashes at a time at about a third of a second each clear this many in about 5 s.
 * Unbounded, a burst from many addresses, each within its own rate limit (20 logins a minute),
 * made every sign-in, sign-up and password change wait behind it for ever longer.
 */
export const MAX_WAITING_HASHES = 32;

/** About the time the full queue takes to clear. */
const RETRY_AFTER_SECONDS = 5;

const hashSlots = concurrencyLimit(CONCURRENT_HASHES, {
  maxWaiting: MAX_WAITING_HASHES,
  whenFull: () =>
    new AppError(503, 'service_unavailable', messages.passwordChecksBusy, { retryAfterSeconds: RETRY_AFTER_SECONDS }),
});

/** `signal`: aborted when the request's client has gone; a hash still waiting for its turn is then dropped. */
function derive(password: string, salt: Buffer, params: PasswordHashParams, signal?: AbortSignal): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return hashSlots(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    signal,
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$key`, so each hash carries the parameters it was made with. */
export async function hashPassword(
  password: string,
  params: PasswordHashParams,
  signal?: AbortSignal,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, signal);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, signal?: AbortSignal): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { N: Number(n), r: Number(r), p: Number(p) },
    signal,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of random bytes: an account with it can never be signed into by password. */
export async function unusablePasswordHash(params: PasswordHashParams): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64'), params);
}
