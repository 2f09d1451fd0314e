import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanSwitch = z.enum(['on', 'off']).default('on');

/** The names proxy-addr knows for whole ranges of addresses. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The widest ranges a proxy may be named by: 10.0.0.0/8 and fc00::/7, the widest private ones. */
const WIDEST_PREFIX = { 4: 8, 6: 7 } as const;

/** An IPv6 address as a 128-bit number; URL writes it out in hex groups, embedded IPv4 included. */
function ipv6Bits(address: string): bigint {
  const host = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail] = host.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** ::ffff:0:0/96, where IPv6 ranges also name IPv4 addresses (proxy-addr matches IPv4 clients there). */
const IPV4_MAPPED = 0xffffn << 32n;

/** The prefix that counts for an IPv6 range: reaching into the IPv4-mapped space, its IPv4 width. */
function ipv6RangeOk(address: string, bits: number): boolean {
  if (bits < WIDEST_PREFIX[6]) return false;
  const shift = BigInt(128 - Math.min(bits, 96));
  let reachesIpv4: boolean;
  try {
    reachesIpv4 = ipv6Bits(address) >> shift === IPV4_MAPPED >> shift;
  } catch {
    return false;
  }
  return !reachesIpv4 || bits - 96 >= WIDEST_PREFIX[4];
}

function isProxyAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false;
  return family === 4 ? bits >= WIDEST_PREFIX[4] : ipv6RangeOk(address, bits);
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
  FEED_CACHE: booleanSwitch,
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface PasswordHashParams {
  /** scrypt cost N (a power of two), block size r and parallelism p. */
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB per hash). */
const OWASP_SCRYPT: PasswordHashParams = { N: 2 ** 17, r: 8, p: 1 };

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
  /** Whether signed-in feeds are kept until something they show changes; see http/feed-cache.ts. */
  feedCache: boolean;
  /** Proxies whose X-Forwarded-For names the client (for rate limits and logs); false: none. */
  trustProxy: false | string[];
  logLevel: string;
  /** Only tests lower this; production always hashes with OWASP_SCRYPT. */
  passwordHash: PasswordHashParams;
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
    feedCache: e.FEED_CACHE === 'on',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    passwordHash: OWASP_SCRYPT,
  };
}
