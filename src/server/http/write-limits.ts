import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { GUEST_USERNAME } from '../../shared/constants.js';
import { rateLimited } from '../errors.js';
import type { UserRow } from '../features/users/users.repository.js';
import { callerOf } from './authenticate.js';
import { createWindowCounter } from './window-counter.js';

/**
 * How many writes of each kind a baker may make a minute (decision 37): new posts, answers and
 * comments are contributions; votes, bookmarks, follows, edits and deletions are changes.
 */
export const WRITE_LIMITS = { contribution: 20, change: 120 } as const;
export type WriteLimit = keyof typeof WRITE_LIMITS;

const WINDOW_MS = 60_000;
/**
 * Writers remembered per kind (least recently seen forgotten first), so the memory stays bounded
 * whoever writes; far more than sign-up's limit lets anyone create in a window.
 */
const REMEMBERED_WRITERS = 20_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which per-baker limit a protected write counts against. */
    writeLimit?: WriteLimit;
  }
}

/**
 * Each baker is counted on their own, wherever they write from; the guest account is shared by
 * everyone who tries Crumb, so each client address counts as a guest of its own, and one guest's
 * flood leaves the others able to post.
 */
export function writerKey(caller: Pick<UserRow, 'id' | 'username_key'>, address: string | undefined): string {
  if (caller.username_key !== GUEST_USERNAME) return `baker ${caller.id}`;
  // Node forgets the address of a connection the client has closed; the write still goes on, so
  // such guests share one count rather than none.
  return address ? `guest ${normalizeIP(address)}` : 'guest of a closed connection';
}

const writerOf = (request: FastifyRequest) => writerKey(callerOf(request), request.ip as string | undefined);

function limiter(max: number, now: () => number): preHandlerHookHandler {
  const counter = createWindowCounter({ max, windowMs: WINDOW_MS, maxKeys: REMEMBERED_WRITERS, now });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const waitMs = counter.take(writerOf(request));
    if (waitMs === null) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw rateLimited();
  };
}

/**
 * Refuses a protected write route that does not say which limit it counts against, so no write
 * can be added without that decision, and, when rate limits are on, counts each such write
 * after its caller is known (the route's own authentication runs first).
 */
export function registerWriteLimits(app: FastifyInstance, options: { enabled: boolean; now: () => number }) {
  const { enabled, now } = options;
  const checks: Record<WriteLimit, preHandlerHookHandler> | null = enabled
    ? { contribution: limiter(WRITE_LIMITS.contribution, now), change: limiter(WRITE_LIMITS.change, now) }
    : null;
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: string; writeLimit?: WriteLimit } | undefined;
    const writes = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
    if (config?.access === 'protected' && writes && !config.writeLimit) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.writeLimit`);
    }
    if (!checks || !config?.writeLimit) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), checks[config.writeLimit]];
  });
}
