import type { FastifyReply } from 'fastify';

/** Why a request's work was dropped: its client closed the connection before the answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before its answer was sent');
    this.name = 'ClientGoneError';
  }
}

/**
 * Aborts, with a ClientGoneError, once the client has closed its connection before its answer was
 * sent, so that work queued for that answer (a password hash waiting its turn) is dropped instead
 * of done for no one. The response's 'close' comes after every answer too, by then finished.
 */
export function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}
