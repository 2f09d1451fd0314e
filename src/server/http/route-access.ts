import type { Authenticator } from './authenticate.js';
import type { WriteLimit } from './write-limits.js';

/**
 * Route options for a public call (the caller is read when a valid token is sent; visitors'
 * answers may come from the anonymous cache), for a protected read, and for a protected write,
 * which names the per-baker limit it counts against (http/write-limits.ts).
 */
export function routeAccess(auth: Authenticator) {
  return {
    publicRoute: { config: { access: 'public' as const, anonymousCache: true }, preHandler: auth.optional },
    protectedRoute: { config: { access: 'protected' as const }, preHandler: auth.required },
    writeRoute: (writeLimit: WriteLimit) => ({
      config: { access: 'protected' as const, writeLimit },
      preHandler: auth.required,
    }),
  };
}
