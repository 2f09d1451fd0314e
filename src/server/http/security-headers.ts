import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's responses get a fresh CSP style nonce (see `reply.styleNonce`). */
    styleNonce?: boolean;
  }
  interface FastifyReply {
    /** This response's CSP style nonce, on routes that ask for one. */
    styleNonce: string | null;
  }
}

/** Stands for the nonce in the page CSP computed at start; replaced per response. */
const NONCE_MARKER = 'NONCEMARKER';

/**
 * The Content Security Policy of every response. The production build of the web app is only
 * same-origin module scripts, stylesheets, images and fonts, so nothing inline and nothing from
 * elsewhere is ever needed: an injected `<script>`, inline handler, `eval`, plugin, `<base>` or
 * framing of Crumb by another site is refused by the browser even if some text slipped through.
 */
const cspDirectives = (styleSrc: string[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc,
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
});

/**
 * Helmet's CSP defaults are not used: they allow inline styles and add
 * `upgrade-insecure-requests`, which would break a plain-HTTP deployment such as the default
 * 127.0.0.1:3000.
 */
const helmetOptions = (styleSrc: string[]): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(styleSrc) },
  frameguard: { action: 'deny' },
});

/** The headers helmet sets for these options, computed once by running it against a recording response. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The headers every response carries (pages add a style nonce to their CSP). */
export const securityHeaders: Readonly<Record<string, string>> = headersOf(helmetOptions(["'self'"]));

/**
 * Security headers on every response (API, pages, assets and errors), as helmet makes them.
 * Helmet works out the headers once at start rather than per request (running its middleware per
 * request cost more CPU than some of the API's reads), and a route marked `styleNonce` gets a
 * fresh nonce in `style-src` for each response: the page's dialogs add one `<style>` element
 * while they lock scrolling, and the nonce lets exactly that through without allowing inline
 * styles in general.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders;
  const pageCsp = headersOf(helmetOptions(["'self'", `'nonce-${NONCE_MARKER}'`]))['content-security-policy'] ?? '';
  if (!pageCsp.includes(NONCE_MARKER)) throw new Error('the page CSP lost its nonce');

  app.decorateReply('styleNonce', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.routeOptions.config.styleNonce) {
      const nonce = randomBytes(16).toString('hex');
      reply.styleNonce = nonce;
      reply.header('content-security-policy', pageCsp.replace(NONCE_MARKER, nonce));
    }
    done();
  });
}
