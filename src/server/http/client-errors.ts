import { errorBody } from '../errors.js';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorJson } from '../../shared/api-types.js';
import { messages } from '../../shared/messages.js';

/**
 * Requests Node's HTTP parser gives up on before Fastify sees them (malformed, headers too large,
 * or not arrived whole in time) are answered in the API's own error shape, as every other error
 * is, and their connection closed. Fastify's default answers in a shape of its own.
 */
export function answerClientErrors(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // Reset by the client: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorJson = errorBody('bad_request', messages.malformedRequest);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = errorBody('request_timeout', messages.requestTimeout);
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = errorBody('bad_request', messages.headersTooLarge);
  }
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
