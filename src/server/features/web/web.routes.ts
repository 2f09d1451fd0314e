import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { INITIAL_DATA_ELEMENT_ID, isWebPage, webPageModules, type InitialData } from '../../../shared/web-routes.js';
import { createPreloadHints } from './preload-hints.js';

/** Where `vite build` writes the web app, relative to this module in `src` and in `dist`. */
const WEB_BUILD_DIR = new URL('../../../../dist/web/', import.meta.url);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Where the page carries this response's style nonce; see src/web/index.html. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app: hashed files under /assets cached for a year, every other file and
 * the app's page revalidated on each visit, and the page itself for every path that is not an
 * API call or a file (history fallback), so a deep link such as /question/42 works on reload.
 * Compressed copies written at build time are sent to clients that accept them.
 *
 * The page gets a fresh CSP nonce on each request: the dialog library adds a `<style>` element
 * while a dialog locks scrolling, and the nonce lets exactly that through without allowing
 * inline styles in general.
 */
export interface WebRoutesOptions {
  root?: URL;
  /** The data a page will ask for first, put in the page so it can show it without waiting for a call. */
  initialData?: (pathname: string, search: string) => Promise<InitialData | null>;
}

export async function webRoutes(app: FastifyInstance, { root = WEB_BUILD_DIR, initialData }: WebRoutesOptions = {}) {
  const rootPath = root.pathname;
  if (!existsSync(new URL('index.html', root))) {
    app.log.warn(`the web app is not built (no ${rootPath}index.html): run npm run build`);
    app.get('/', { config: { access: 'public' } }, async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run npm run build.'),
    );
    return;
  }
  const topLevelFiles = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && entry.name !== 'index.html')
      .map((entry) => entry.name),
  );

  await app.register(fastifyStatic, { root: rootPath, serve: false, preCompressed: true });

  const page = readFileSync(new URL('index.html', root), 'utf8');
  const preloadHints = createPreloadHints(new URL('.vite/manifest.json', root));
  const sendPage = async (reply: FastifyReply, pathname: string, search: string, status: number) => {
    const data = status === 200 && initialData ? await initialData(pathname, search) : null;
    return reply
      .code(status)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(
        // The nonce goes in first and the data last, each through a function: no text from the
        // database is scanned for the placeholder or read as a replacement pattern (`$&`, `` $` ``).
        page
          .replaceAll(NONCE_PLACEHOLDER, () => reply.styleNonce ?? '')
          .replace('</head>', () => `${preloadHints(webPageModules(pathname))}</head>`)
          .replace('</body>', () => `${data ? dataElement(data) : ''}</body>`),
      );
  };

  app.get(
    '/assets/*',
    {
      config: { access: 'public' },
      // Only a file found is kept for a year: a chunk asked for before a new release's files are
      // in place, or a refused path, must be asked for again.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', reply.statusCode < 400 ? IMMUTABLE : 'no-store');
        return payload;
      },
    },
    async (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(`assets/${file}`, { cacheControl: false });
    },
  );

  app.get('/*', { config: { access: 'public', styleNonce: true } }, async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?', 2);
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const name = pathname.slice(1);
    if (topLevelFiles.has(name)) {
      return reply.header('cache-control', REVALIDATE).sendFile(name, { cacheControl: false });
    }
    return sendPage(reply, pathname, search, isWebPage(pathname) ? 200 : 404);
  });
}

/**
 * A JSON data block: browsers never run it, so the CSP needs no exception. `<` is escaped so
 * no text in the data (a post titled `</script>`, say) can end the element early.
 */
function dataElement(data: InitialData) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${json}</script>`;
}
