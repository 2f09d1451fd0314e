import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers to requests without credentials may come from the anonymous cache. */
    anonymousCache?: boolean;
    /** A write whose effect visitors may see up to the time to live late (votes): it does not end the cached answers. */
    keepsAnonymousCache?: boolean;
  }
  interface FastifyRequest {
    /** The write generation this request's answer was computed in, when it may be cached. */
    anonymousCacheGeneration: number | null;
  }
}

export interface AnonymousCacheOptions {
  /** How long an answer is served from the cache at most; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /**
   * The cached answers' total length in characters, their URLs included, at most (memory is at
   * most twice that). Any visitor can ask for the largest answers the API gives, under as many
   * URLs as they like, so the entry count alone does not bound the memory.
   */
  maxChars: number;
  /** A longer answer is not kept: one such answer must not push out hundreds of ordinary pages. */
  maxEntryChars: number;
  now: () => number;
}

interface Entry {
  /** A response's JSON body, or a value kept by `remember`. */
  value: unknown;
  /** Counted against maxChars: the key's length and a body's (remembered values, few and fixed, count only their key). */
  chars: number;
  generation: number;
  expiresAt: number;
}

export interface AnonymousCache {
  /**
   * A value every visitor shares (Explore's first page inside the web app's page), kept under
   * `key` by the same rules as the answers: computed again after the time to live or once a
   * write is answered.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** Keys of remembered values never look like a URL, so they cannot meet a response's. */
const VALUE_KEY_PREFIX = 'value:';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const cacheable = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.routeOptions.config.anonymousCache === true &&
  request.headers.authorization === undefined;

/**
 * Visitors without credentials all get the same JSON for the same URL, and most of a forum's
 * readers are visitors, so their answers are kept for a moment and sent again without touching
 * the database: a micro-cache, as a reverse proxy would keep, but one that this process's own
 * writes invalidate at once.
 *
 * - Every request with another method than GET/HEAD/OPTIONS (every write) that may have changed
 *   something (not refused with a 4xx or a 503) ends a generation when it is answered, after its
 *   transaction committed; answers computed in an earlier generation
 *   are never sent again, and an answer is only stored if no write was answered while it was
 *   being computed. So after a write is acknowledged, this process serves nothing older.
 *   Votes are the exception (`keepsAnonymousCache`): the most frequent write, and one whose
 *   effect on visitors' pages (counts, trending order) may lag by the time to live, as on other
 *   forums; the voter, being signed in, sees their vote at once.
 * - Writes made by other processes sharing the database are seen within `ttlMs`.
 * - Requests with an Authorization header (even an invalid one) always go to the database: what
 *   a signed-in baker sees carries their own votes and bookmarks.
 * - At most `maxEntries` answers and values, of `maxChars` characters in all, are kept, the
 *   oldest stored going first; only answers with status 200 and at most `maxEntryChars` long are
 *   kept.
 */
export function registerAnonymousCache(
  app: FastifyInstance,
  { ttlMs, maxEntries, maxChars, maxEntryChars, now }: AnonymousCacheOptions,
): AnonymousCache {
  if (ttlMs <= 0) return { remember: (_key, compute) => compute() };
  const entries = new Map<string, Entry>();
  let chars = 0;
  let generation = 0;

  const fresh = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.generation === generation && entry.expiresAt > now() ? entry : undefined;
  };
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    chars -= entry.chars;
    entries.delete(key);
  };
  const store = (key: string, value: unknown) => {
    const size = key.length + (typeof value === 'string' ? value.length : 0);
    if (size > maxEntryChars) return;
    drop(key);
    // A Map iterates in insertion order: the oldest stored first.
    for (const oldest of entries.keys()) {
      if (entries.size < maxEntries && chars + size <= maxChars) break;
      drop(oldest);
    }
    entries.set(key, { value, chars: size, generation, expiresAt: now() + ttlMs });
    chars += size;
  };

  app.decorateRequest('anonymousCacheGeneration', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = fresh(request.url);
    if (entry) return reply.code(200).type('application/json; charset=utf-8').send(entry.value);
    request.anonymousCacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // A refused write (401, 404, 429, …) changed nothing and leaves the cache, or anyone could
      // keep it empty with cheap bad requests; so does a 503, which answers a database that was
      // busy or out of reach before anything was written. Any other answer may follow a commit,
      // a 500 too (the commit done, the answer's page failing after it).
      const wrote = reply.statusCode < 400 || (reply.statusCode >= 500 && reply.statusCode !== 503);
      if (wrote && request.routeOptions.config.keepsAnonymousCache !== true) {
        generation += 1;
        entries.clear();
        chars = 0;
      }
      return payload;
    }
    const computedIn = request.anonymousCacheGeneration;
    if (computedIn === null || computedIn !== generation || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    store(request.url, payload);
    return payload;
  });

  return {
    async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const valueKey = VALUE_KEY_PREFIX + key;
      const entry = fresh(valueKey);
      if (entry) return entry.value as T;
      const computedIn = generation;
      const value = await compute();
      if (computedIn === generation) store(valueKey, value);
      return value;
    },
  };
}
