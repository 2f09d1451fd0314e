import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_HASHES, hashPassword, verifyPassword } from './password.js';

/** The production cost (OWASP's recommendation), as `config.ts` sets it: 128 MiB and a thread per hash. */
const PRODUCTION_COST = { N: 2 ** 17, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the password it hashed, and no other', async () => {
    const stored = await hashPassword('correct-horse-battery', { N: 2 ** 10, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-batterY', stored)).toBe(false);
  });

  it('leaves threads for reading files while a burst of sign-ins is hashed', async () => {
    // libuv's pool has four threads, shared with every file read (the web app's scripts).
    expect(CONCURRENT_HASHES).toBeLessThan(4);
    const finished: string[] = [];
    const hashes = Array.from({ length: 6 }, (_, n) =>
      hashPassword(`burst-password-${n}`, PRODUCTION_COST).then(() => finished.push(`hash ${n}`)),
    );
    await readFile(new URL(import.meta.url));
    finished.push('file');
    await Promise.all(hashes);
    expect(finished[0]).toBe('file');
  }, 60_000);
});
