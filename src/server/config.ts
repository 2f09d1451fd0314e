import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanSwitch = z.enum(['on', 'off']).default('on');

/** The names proxy-addr knows for whole ranges of addresses. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The widest ranges a proxy may be named by: 10.0.0.0/8 and fc00::/7, the widest private ones. */
const WIDEST_PREFIX = { 4: 8, 6: 7 } as const;

function isProxyAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= WIDEST_PREFIX[family] && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of Crumb may say who the client is (X-Forwarded-For): unset, nobody;
 * otherwise their addresses or ranges. Never a number of hops, nor a range as wide as the
 * internet: then a client reaching the server directly could name itself anew on each request
 * and slip past the rate limits.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, issue): false | string[] => {
    if (!value) return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddressOrRange)) return entries;
    issue.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must list the proxies by address or range (no wider than /8 for IPv4 or /7 for IPv6), or loopback, linklocal or uniquelocal',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  RATE_LIMITS: booleanSwitch,
  ANONYMOUS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_DATABASE_URL: z.string().optional(),
});

export interface PasswordHashParams {
  /** scrypt cost N (a power of two), block size r and parallelism p. */
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: PasswordHashParams = { N: 2 ** 17, r: 8, p: 1 };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seed: 'demo' | 'none';
  rateLimits: boolean;
  /** How long visitors' answers may be served from the anonymous cache (0: off); see http/anonymous-cache.ts. */
  anonymousCacheMs: number;
  /** Proxies whose X-Forwarded-For names the client (for rate limits and logs); false: none. */
  trustProxy: false | string[];
  logLevel: string;
  /** Only tests lower this; production always hashes with OWASP_SCRYPT. */
  passwordHash: PasswordHashParams;
  testDatabaseUrl: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    seed: e.SEED,
    rateLimits: e.RATE_LIMITS === 'on',
    anonymousCacheMs: e.ANONYMOUS_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    passwordHash: OWASP_SCRYPT,
    testDatabaseUrl: e.TEST_DATABASE_URL || undefined,
  };
}
