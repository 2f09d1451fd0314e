import type { Config } from './config.js';
import type { Db, DialectName } from './db/database.js';
import type { TokenService } from './features/auth/tokens.js';

/** What every service needs: the database, the configuration, the token service, the clock, and who to tell of changes. */
export interface AppContext {
  db: Db;
  dialect: DialectName;
  config: Config;
  tokens: TokenService;
  /** Epoch milliseconds; the seed replaces it to date its demo posts. */
  now(): number;
  /**
   * Called by services once a write has committed, with the users whose posts (rows, counts,
   * votes, tags), whose own follows, votes or bookmarks, or whose profile or password it changed
   * (a follower count that moves with someone else's follow is not such a change: no feed shows
   * it): the feed cache drops what rests on them (http/feed-cache.ts), and on PostgreSQL
   * the other instances are told (db/write-notices.ts). Awaited before the write is answered, so
   * that a request the writer sends next finds every instance knowing.
   */
  usersChanged(userIds: readonly number[]): Promise<void>;
}
