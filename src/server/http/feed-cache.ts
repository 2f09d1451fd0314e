import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Viewer } from './authenticate.js';

/** How a feed answer kept in memory is sent: as the JSON text it was sent as the first time. */
const JSON_TYPE = 'application/json; charset=utf-8';

declare module 'fastify' {
  interface FastifyRequest {
    /** The feed answer this request is computing, to be kept once it is sent (see FeedCache). */
    feedCacheFill: Fill | null;
  }
}

export interface FeedCacheOptions {
  /** Answers kept at most (each a page of one baker's feed). */
  maxEntries: number;
  /** The kept answers' total length in characters, their keys included. */
  maxChars: number;
  /** A longer answer is not kept. */
  maxEntryChars: number;
  /**
   * The kept answers' dependencies (users each rests on) in all, at most: each is listed in an
   * index, so a cache of bakers following hundreds would otherwise grow with their follow counts.
   */
  maxDependencies: number;
  /**
   * The database's count of commits made by other processes (SQLite's `PRAGMA data_version`, the
   * notices of PostgreSQL's triggers): another instance or a command-line tool writing moves it,
   * and every kept answer is dropped, since what it changed is not known. It must count every
   * commit acknowledged before it is called.
   */
  writesElsewhere: () => number | Promise<number>;
}

/** How a feed answer is read when none is kept: what it rests on, and the answer itself. */
export interface FeedRead<T> {
  /** The viewer and the users they follow, or null when there are too many to track. */
  dependsOn: () => Promise<readonly number[] | null>;
  compute: () => Promise<T>;
}

interface Entry {
  payload: string;
  chars: number;
  /** The users whose changes end this answer: the viewer and everyone whose posts it may show. */
  dependsOn: readonly number[];
  /** The viewer's username and token version, as their row held them when it was read. */
  username: string;
  tokenVersion: number;
}

/**
 * An answer being computed, from before its first read until it is kept or refused: kept only if
 * none of the users it rests on changed meanwhile, and no other process wrote.
 */
interface Fill {
  key: string;
  viewer: Viewer;
  /** Whom it rests on, once read. */
  dependsOn: readonly number[];
  dependsOnSet: Set<number> | null;
  /** Users changed before `dependsOn` was known, to be checked against it then. */
  changedEarly: Set<number>;
  /** Something it rests on changed, or another process wrote: it is not kept. */
  stale: boolean;
}

/** In-flight fills tracked at most; an older one is not kept (it would only be refused later). */
const MAX_FILLS = 1000;
/** Users listed per fill before its dependencies are known, at most; past that it is not kept. */
const MAX_CHANGED_EARLY = 1000;

export interface FeedCache {
  /**
   * Answers the viewer's feed from what was kept when nothing it shows has changed since and
   * their token still holds; otherwise reads it and keeps the answer once sent (the route's
   * onSend must be `keepOnSend`). `read` reads the viewer's row, failing (401) when the token no
   * longer matches it, checks the request, and says how the answer is read.
   *
   * A kept answer holds the username and token version its viewer's row had when it was read,
   * and it is dropped when either may change (`changed`, as every write to a baker's profile or
   * password announces them), so a token that matches them matches the row: the row is not read
   * again.
   */
  answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Viewer,
    read: () => Promise<FeedRead<T>>,
  ): Promise<T | FastifyReply>;
  keepOnSend: onSendHookHandler;
  /**
   * After a commit: the users whose posts (their rows, counts, votes, tags), whose own votes,
   * bookmarks or follows, or whose profile or password it changed. Every kept feed that shows one of their
   * posts, or is one of theirs, is dropped.
   */
  changed(userIds: readonly number[]): void;
}

/**
 * The signed-in feed, kept per baker and URL until something it shows changes (decision 39).
 *
 * A feed page is a function of the viewer's follows, the posts of the viewer and of the bakers
 * they follow (with their counts and votes), and the viewer's votes and bookmarks on them. Every
 * service that commits a change to one of those names the users it touched (`changed`): the
 * posts' author, or the viewer themself. So an answer is dropped the moment a write this process
 * answers could have changed it, and one computed while such a write committed is never kept.
 * Writes by other processes sharing the database are caught by `writesElsewhere`, checked before
 * every answer served from memory, so no instance ever serves a feed older than the last commit
 * it can see. It is not a time-to-live cache: an answer is good until a dependency changes.
 */
export function createFeedCache({
  maxEntries,
  maxChars,
  maxEntryChars,
  maxDependencies,
  writesElsewhere,
}: FeedCacheOptions): FeedCache {
  const entries = new Map<string, Entry>();
  /** For each user: the keys of the kept answers that rest on them. */
  const dependents = new Map<number, Set<string>>();
  const fills = new Set<Fill>();
  let chars = 0;
  let dependencies = 0;
  let seenVersion: number | undefined;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.chars;
    dependencies -= entry.dependsOn.length;
    for (const user of entry.dependsOn) {
      const keys = dependents.get(user);
      keys?.delete(key);
      if (keys?.size === 0) dependents.delete(user);
    }
  }

  function dropAll() {
    entries.clear();
    dependents.clear();
    chars = 0;
    dependencies = 0;
    for (const fill of fills) fill.stale = true;
  }

  /** Whether another process wrote since last asked; if so, nothing kept can be trusted. */
  async function checkWritesElsewhere(): Promise<boolean> {
    const version = await writesElsewhere();
    if (version === seenVersion) return false;
    seenVersion = version;
    dropAll();
    return true;
  }

  function keep(fill: Fill, payload: string) {
    const size = fill.key.length + payload.length;
    const count = fill.dependsOn.length;
    if (size > maxEntryChars || count > maxDependencies) return;
    drop(fill.key);
    // A Map iterates in insertion order: the oldest kept first.
    for (const oldest of entries.keys()) {
      if (entries.size < maxEntries && chars + size <= maxChars && dependencies + count <= maxDependencies) break;
      drop(oldest);
    }
    entries.set(fill.key, {
      payload,
      chars: size,
      dependsOn: fill.dependsOn,
      username: fill.viewer.username,
      tokenVersion: fill.viewer.tokenVersion,
    });
    chars += size;
    dependencies += count;
    for (const user of fill.dependsOn) {
      let keys = dependents.get(user);
      if (!keys) dependents.set(user, (keys = new Set()));
      keys.add(fill.key);
    }
  }

  return {
    async answer(request, reply, viewer, read) {
      const key = `${viewer.id} ${request.url}`;
      const changedElsewhere = await checkWritesElsewhere();
      const kept = changedElsewhere ? undefined : entries.get(key);
      if (kept && kept.username === viewer.username && kept.tokenVersion === viewer.tokenVersion) {
        return reply.type(JSON_TYPE).send(kept.payload);
      }
      // Tracked from before the viewer's row is read: a change to it from then on refuses the fill.
      const fill: Fill = { key, viewer, dependsOn: [], dependsOnSet: null, changedEarly: new Set(), stale: false };
      fills.add(fill);
      if (fills.size > MAX_FILLS) fills.delete(fills.values().next().value as Fill);
      try {
        const { dependsOn, compute } = await read();
        const users = await dependsOn();
        if (users === null) {
          fills.delete(fill);
          return await compute();
        }
        // The viewer always: a change to their row must end the answer kept with its token's facts.
        fill.dependsOn = users.includes(viewer.id) ? users : [viewer.id, ...users];
        fill.dependsOnSet = new Set(fill.dependsOn);
        if (fill.dependsOn.some((user) => fill.changedEarly.has(user))) fill.stale = true;
        fill.changedEarly.clear();
        const result = await compute();
        request.feedCacheFill = fill;
        return result;
      } catch (error) {
        fills.delete(fill);
        throw error;
      }
    },

    async keepOnSend(request, reply, payload) {
      const fill = request.feedCacheFill;
      if (!fill) return payload;
      request.feedCacheFill = null;
      // The fill stays tracked until it is kept or refused, the check below included: a change
      // announced, or seen by another request, while that check waits must still refuse it.
      try {
        if (!fills.has(fill) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
        try {
          await checkWritesElsewhere();
        } catch {
          return payload; // the page was computed; it is only not kept
        }
        if (fills.has(fill) && !fill.stale) keep(fill, payload);
        return payload;
      } finally {
        fills.delete(fill);
      }
    },

    changed(userIds) {
      for (const user of userIds) {
        const keys = dependents.get(user);
        if (keys) for (const key of [...keys]) drop(key);
      }
      for (const fill of fills) {
        if (fill.stale) continue;
        const known = fill.dependsOnSet;
        if (known) {
          fill.stale = userIds.some((user) => known.has(user));
          continue;
        }
        for (const user of userIds) fill.changedEarly.add(user);
        if (fill.changedEarly.size > MAX_CHANGED_EARLY) fill.stale = true;
      }
    },
  };
}

/** With the cache off (`FEED_CACHE=off`, tests that write rows directly): every feed is computed. */
export const NO_FEED_CACHE: FeedCache = {
  answer: async (_request, _reply, _viewer, read) => (await read()).compute(),
  keepOnSend: async (_request, _reply, payload) => payload,
  changed: () => {},
};
