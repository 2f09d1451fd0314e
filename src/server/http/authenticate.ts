import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { unauthorized } from '../errors.js';
import { tokenFromHeader } from '../features/auth/tokens.js';
import { findUserById, type UserRow } from '../features/users/users.repository.js';
import { isStoredId } from './ids.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user making the request, when there is one. */
    caller: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Every route says whether it is public or needs a signed-in caller. */
    access?: 'public' | 'protected';
  }
}

export interface Authenticator {
  /** For protected routes: a valid token of an existing user, or 401. */
  required(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** For public routes: reads the caller when a valid token is sent, ignores anything else. */
  optional(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createAuthenticator(ctx: AppContext): Authenticator {
  async function resolve(request: FastifyRequest): Promise<UserRow | null> {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return null;
    const claims = ctx.tokens.verify(token);
    if (!claims) return null;
    // Only what could be a stored id: PostgreSQL refuses a larger number outright (a 500).
    if (!isStoredId(claims.sub)) return null;
    const user = await findUserById(ctx.db, Number(claims.sub));
    if (!user || user.username !== claims.username || user.token_version !== claims.ver) return null;
    return user;
  }

  return {
    async required(request) {
      const caller = await resolve(request);
      if (!caller) throw unauthorized();
      request.caller = caller;
    },
    async optional(request) {
      request.caller = await resolve(request);
    },
  };
}

/** The caller of a protected route (its preHandler has already rejected anonymous requests). */
export function callerOf(request: FastifyRequest): UserRow {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
