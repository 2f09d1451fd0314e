import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

/** What the web app needs to know about this server: whether demo data is on (product decision 16). */
export async function metaRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.get('/meta', { config: { access: 'public' } }, async () => ({ demoData: config.seed === 'demo' }));
}
