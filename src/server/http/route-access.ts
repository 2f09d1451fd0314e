import type { Authenticator } from './authenticate.js';

/**
 * Route options for a public call (the caller is read when a valid token is sent; visitors'
 * answers may come from the anonymous cache) and for a protected one.
 */
export function routeAccess(auth: Authenticator) {
  return {
    publicRoute: { config: { access: 'public' as const, anonymousCache: true }, preHandler: auth.optional },
    protectedRoute: { config: { access: 'protected' as const }, preHandler: auth.required },
  };
}
