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

/** Who asks, as their verified token names them. */
export interface Viewer {
  id: number;
  username: string;
  /** The token version the token was issued with. */
  tokenVersion: number;
}

export interface Authenticator {
  /** For protected routes: a valid token of an existing user, or 401. */
  required(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Who a protected request's token names, checked but without reading their row, or 401: for a
   * route that checks the row itself, or knows it unchanged (the feed cache).
   */
  viewer(request: FastifyRequest): Viewer;
  /** For public routes: reads the caller when a valid token is sent, ignores anything else. */
  optional(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createAuthenticator(ctx: AppContext): Authenticator {
  function viewerOf(request: FastifyRequest): Viewer | null {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return null;
    const claims = ctx.tokens.verify(token);
    if (!claims) return null;
    // Only what could be a stored id: PostgreSQL refuses a larger number outright (a 500).
    if (!isStoredId(claims.sub)) return null;
    return { id: Number(claims.sub), username: claims.username, tokenVersion: claims.ver };
  }

  async function resolve(request: FastifyRequest): Promise<UserRow | null> {
    const viewer = viewerOf(request);
    if (!viewer) return null;
    const user = await findUserById(ctx.db, viewer.id);
    if (!user || user.username !== viewer.username || user.token_version !== viewer.tokenVersion) return null;
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
    viewer(request) {
      const viewer = viewerOf(request);
      if (!viewer) throw unauthorized();
      return viewer;
    },
  };
}

/** The caller of a protected route (its preHandler has already rejected anonymous requests). */
export function callerOf(request: FastifyRequest): UserRow {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
