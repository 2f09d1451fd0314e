import path from 'node:path';
import { z } from 'zod';

const booleanSwitch = z.enum(['on', 'off']).default('on');

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
    logLevel: e.LOG_LEVEL,
    passwordHash: OWASP_SCRYPT,
    testDatabaseUrl: e.TEST_DATABASE_URL || undefined,
  };
}
