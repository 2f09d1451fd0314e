import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.js';
import { badRequest } from '../errors.js';

/** Refuses bytes that are not UTF-8 instead of reading them as U+FFFD, which would be stored as sent. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON bodies are read as Fastify reads them (empty bodies, size limit, `__proto__` refused),
 * but only as valid UTF-8, and a refused key is named as such rather than called invalid JSON.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest(messages.bodyNotUtf8), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      // Fastify's parser calls any refusal invalid JSON: JSON that parses was refused for its keys.
      if ((error as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isJson(text)) {
        done(badRequest(messages.forbiddenJsonKey), undefined);
      } else done(error, value);
    });
  });
}
