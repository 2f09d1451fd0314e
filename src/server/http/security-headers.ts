import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content Security Policy of every response. The production build of the web app is only
 * same-origin module scripts, stylesheets, images and fonts, so nothing inline and nothing from
 * elsewhere is ever needed: an injected `<script>`, inline handler, `eval`, plugin, `<base>` or
 * framing of Crumb by another site is refused by the browser even if some text slipped through.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * Security headers on every response (API, pages, assets and errors) through helmet. Helmet's
 * CSP defaults are not used: they allow inline styles and add `upgrade-insecure-requests`, which
 * would break a plain-HTTP deployment such as the default 127.0.0.1:3000.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
  });
}
