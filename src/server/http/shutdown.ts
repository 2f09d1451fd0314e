import { errorBody } from '../errors.js';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.js';

/**
 * While the app closes (SIGTERM), requests that still arrive on open keep-alive connections get
 * 503 in the API's error shape with Retry-After, and their connection is closed, so clients retry
 * later or elsewhere; requests already being handled finish normally. (Fastify's own
 * return503OnClosing answers in its own shape, without Retry-After.)
 */
export function answer503WhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send(errorBody('service_unavailable', messages.serviceUnavailable));
  });
}
