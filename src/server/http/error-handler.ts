import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorJson } from '../../shared/api-types.js';
import { messages } from '../../shared/messages.js';
import { isDatabaseUnavailable, WrittenButUnreadError } from '../db/errors.js';
import { AppError, errorBody } from '../errors.js';
import { ClientGoneError } from './client-gone.js';
import { securityHeaders } from './security-headers.js';

/** Fastify's own request errors, by code, as users should read them. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidJson },
};

/** The one place errors become responses: `{ errors: [message], code }` with the right status. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorJson = { errors: [error.message, ...error.extraMessages], code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody('bad_request', known.message));
    if (error.statusCode === 429) {
      return reply.code(429).send(errorBody('rate_limited', messages.tooManyRequests));
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
      return reply.code(400).send(errorBody('bad_request', messages.invalidJson));
    }
    // A client that closed the connection before its body arrived (a phone off the network):
    // reading the body fails with ECONNRESET (Fastify makes it a 400), as a dropped database
    // connection does, but nothing is wrong here, and nobody is left to answer. Any other error
    // met after the client left (the database's, a bug) is still logged as what it is.
    if (error.code === 'ECONNRESET' && error.statusCode === 400 && request.raw.readableAborted) {
      request.log.info('client closed the connection before sending its whole request');
      return reply.code(400).send(errorBody('bad_request', messages.malformedRequest));
    }
    // Work dropped because its client left while it waited (a password hash, client-gone.ts).
    if (error instanceof ClientGoneError) {
      request.log.info('client closed the connection while its request waited');
      return reply.code(400).send(errorBody('bad_request', messages.malformedRequest));
    }
    if (error instanceof WrittenButUnreadError) {
      request.log.error({ err: error }, 'write committed, its answer unread: database unavailable');
      return reply.code(500).send(errorBody('internal', messages.savedButNotShown));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody('service_unavailable', messages.serviceUnavailable));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody('bad_request', messages.invalidValue));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('internal', messages.unexpected));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('not_found', messages.routeNotFound)));
}

/**
 * Requests the router rejects before any route or hook runs: a path segment longer than the
 * router allows names nothing (404), a malformed percent-encoding is a bad request (400).
 * Without this Fastify would answer them in its own body shape. No hook runs for them, so the
 * security headers are set here.
 */
export function answerUnroutable(error: FastifyError, _request: unknown, reply: FastifyReply) {
  reply.headers(securityHeaders);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send(errorBody('not_found', messages.routeNotFound));
  }
  return reply.code(400).send(errorBody('bad_request', messages.invalidValue));
}
