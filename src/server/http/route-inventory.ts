import type { FastifyInstance } from 'fastify';
import type { WriteLimit } from './write-limits.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: 'public' | 'protected';
  /** The per-baker limit a protected write counts against. */
  writeLimit?: WriteLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, with its access class. */
    routeInventory: RouteEntry[];
  }
}

/**
 * Records every route as it is registered and refuses one that does not say whether it is
 * public or protected, so no route can be added without a decision about who may call it.
 */
export function trackRouteAccess(app: FastifyInstance) {
  const inventory: RouteEntry[] = [];
  app.decorate('routeInventory', inventory);
  app.addHook('onRoute', (route) => {
    const { access, writeLimit } = (route.config ?? {}) as Partial<Pick<RouteEntry, 'access' | 'writeLimit'>>;
    if (access !== 'public' && access !== 'protected') {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access ('public' or 'protected')`,
      );
    }
    for (const method of [route.method].flat()) {
      inventory.push({ method, url: route.url, access, ...(writeLimit ? { writeLimit } : {}) });
    }
  });
}
