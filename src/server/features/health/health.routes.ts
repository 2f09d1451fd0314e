import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { pingDatabase } from './health.repository.js';

/** 200 once the database answers; 503 while it does not. */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ok' };
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', errors: [messages.serviceUnavailable] });
    }
  });
}
