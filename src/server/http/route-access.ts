import type { Authenticator } from './authenticate.js';

/** Route options for a public call (the caller is read when a valid token is sent) and for a protected one. */
export function routeAccess(auth: Authenticator) {
  return {
    publicRoute: { config: { access: 'public' as const }, preHandler: auth.optional },
    protectedRoute: { config: { access: 'protected' as const }, preHandler: auth.required },
  };
}
