import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  access: 'public' | 'protected';
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
    const access = (route.config as { access?: RouteEntry['access'] } | undefined)?.access;
    if (access !== 'public' && access !== 'protected') {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access ('public' or 'protected')`,
      );
    }
    for (const method of [route.method].flat()) inventory.push({ method, url: route.url, access });
  });
}
