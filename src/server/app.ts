import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { createDatabase, migrateToLatest, type DatabaseHandle } from './db/database.js';
import { loadDemoDataIfEmpty } from './db/seed/seed.js';
import { answersRoutes } from './features/answers/answers.routes.js';
import { createAnswersService } from './features/answers/answers.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createTokenService } from './features/auth/tokens.js';
import { commentsRoutes } from './features/comments/comments.routes.js';
import { createCommentsService } from './features/comments/comments.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createQuestionsRepository } from './features/questions/questions.repository.js';
import { metaRoutes } from './features/meta/meta.routes.js';
import { questionsRoutes } from './features/questions/questions.routes.js';
import { createQuestionsService } from './features/questions/questions.service.js';
import { usersRoutes } from './features/users/users.routes.js';
import { createUsersService } from './features/users/users.service.js';
import { webRoutes } from './features/web/web.routes.js';
import { votesRoutes } from './features/votes/votes.routes.js';
import { createVotesService } from './features/votes/votes.service.js';
import { createAuthenticator } from './http/authenticate.js';
import { registerAnonymousCache } from './http/anonymous-cache.js';
import { createFeedCache, NO_FEED_CACHE, type FeedCache } from './http/feed-cache.js';
import { answerUnroutable, installErrorHandler } from './http/error-handler.js';
import { answerClientErrors } from './http/client-errors.js';
import { parseJsonBodies } from './http/json-body.js';
import { trackRouteAccess } from './http/route-inventory.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { answer503WhileClosing } from './http/shutdown.js';
import { registerWriteLimits } from './http/write-limits.js';
import { readOrCreateSecret } from './features/auth/secrets.repository.js';

export interface AppOptions {
  config: Config;
  /** An already-open database; by default one is opened from the configuration. */
  database?: DatabaseHandle;
  /** Pino options or false; defaults to the configured log level. */
  logger?: boolean | object;
  now?: () => number;
  /** The built web app's folder; defaults to dist/web. */
  webRoot?: URL;
  /** How long a request may take to arrive whole; REQUEST_TIMEOUT_MS by default. */
  requestTimeoutMs?: number;
}

/**
 * The largest body the API reads. A post may hold 20,000 characters of text and 200 of title,
 * counted in code points; sent as JSON, one code point takes up to 12 bytes (an emoji written as
 * two `\uXXXX` escapes), so the largest valid post needs about 244,000 bytes.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Visitors' answers kept at most: list pages and question pages are tens of KB. */
const ANONYMOUS_CACHE_ENTRIES = 1000;
/** 16 M characters, at most 32 MB, whatever answers visitors ask for; one answer at most 1 M. */
const ANONYMOUS_CACHE_CHARS = 16 * 1024 * 1024;
const ANONYMOUS_CACHE_ENTRY_CHARS = 1024 * 1024;
/**
 * Bakers' feed pages kept at most (one per baker and URL), of 16 M characters (at most 32 MB) in
 * all, resting on 500,000 followed bakers in all (about 25 MB of index).
 */
const FEED_CACHE_ENTRIES = 10_000;
const FEED_CACHE_CHARS = 16 * 1024 * 1024;
const FEED_CACHE_DEPENDENCIES = 500_000;
/**
 * How long a request may take to arrive, headers and body: a client sending its body a byte at
 * a time must not hold its connection, and a file descriptor, for good (Fastify turns Node's own
 * limit off). Node checks every third of it, so a request is cut after 30 to 40 s; a body is at
 * most 256 KiB, which arrives in well under that on the slowest phone connection. Headers alone
 * had 60 s (Node's default); they now share the 30 s.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often SQLite's write-ahead log is copied into the database file, off the request path. */
const CHECKPOINT_INTERVAL_MS = 250;

/** Builds the whole application: database migrated, demo data loaded if wanted, API under /api. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    // Node enforces the request timeout only when the headers' own timeout is no longer.
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.ceil(requestTimeout / 3) },
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    frameworkErrors: answerUnroutable,
    clientErrorHandler: answerClientErrors,
  });
  parseJsonBodies(app);
  const database =
    options.database ??
    createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      announcesWrites: true,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost'),
      backgroundCheckpoints: {
        intervalMs: CHECKPOINT_INTERVAL_MS,
        onFailure: (error) =>
          app.log.error({ err: error }, 'background checkpoints stopped: commits checkpoint the log again'),
      },
    });
  app.addHook('onClose', async () => database.destroy());

  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const secret =
    config.jwtSecret ?? (await readOrCreateSecret(database.db, 'jwt', () => randomBytes(48).toString('base64url')));
  let feedCache: FeedCache = NO_FEED_CACHE;
  if (config.feedCache) {
    // Until the cache exists there is nothing kept for another instance's changes to drop.
    const writesElsewhere = await database.watchWritesElsewhere((userIds) => feedCache.changed(userIds));
    feedCache = createFeedCache({
      maxEntries: FEED_CACHE_ENTRIES,
      maxChars: FEED_CACHE_CHARS,
      maxEntryChars: ANONYMOUS_CACHE_ENTRY_CHARS,
      maxDependencies: FEED_CACHE_DEPENDENCIES,
      writesElsewhere,
    });
  }
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    tokens: createTokenService(secret),
    now: options.now ?? Date.now,
    async usersChanged(userIds) {
      feedCache.changed(userIds);
      await database.announceUsersChanged(userIds);
    },
  };
  if (config.seed === 'demo') {
    const loaded = await loadDemoDataIfEmpty(ctx);
    if (loaded) app.log.info('loaded the demo data into the empty database');
  }

  const questionsRepository = createQuestionsRepository(ctx.dialect);
  const usersService = createUsersService(ctx);
  const answers = createAnswersService(ctx, questionsRepository);
  const comments = createCommentsService(ctx, questionsRepository);
  const questions = createQuestionsService(ctx, questionsRepository, answers, comments);
  const votes = createVotesService(ctx, questionsRepository);
  const auth = createAuthenticator(ctx);

  app.decorateRequest('caller', null);
  app.decorateRequest('feedCacheFill', null);
  trackRouteAccess(app);
  installErrorHandler(app);
  registerSecurityHeaders(app);
  answer503WhileClosing(app);
  const anonymousCache = registerAnonymousCache(app, {
    ttlMs: config.anonymousCacheMs,
    maxEntries: ANONYMOUS_CACHE_ENTRIES,
    maxChars: ANONYMOUS_CACHE_CHARS,
    maxEntryChars: ANONYMOUS_CACHE_ENTRY_CHARS,
    now: ctx.now,
  });
  await app.register(rateLimit, { global: false });
  registerWriteLimits(app, { enabled: config.rateLimits, now: ctx.now });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(metaRoutes, { config });
      await api.register(authRoutes, { ctx, usersService });
      await api.register(usersRoutes, { auth, usersService, rateLimits: ctx.config.rateLimits });
      await api.register(questionsRoutes, { auth, questions, feedCache });
      await api.register(answersRoutes, { auth, answers });
      await api.register(commentsRoutes, { auth, comments });
      await api.register(votesRoutes, { auth, votes });
    },
    { prefix: '/api' },
  );

  await app.register(webRoutes, {
    ...(options.webRoot ? { root: options.webRoot } : {}),
    initialData: async (pathname: string, search: string) =>
      pathname === '/explore' && search === ''
        ? { explore: await anonymousCache.remember('explore first page', () => questions.firstExplorePage()) }
        : null,
  });

  return app;
}
