import type { Config } from './config.js';
import type { Db, DialectName } from './db/database.js';
import type { TokenService } from './features/auth/tokens.js';

/** What every service needs: the database, the configuration, the token service and the clock. */
export interface AppContext {
  db: Db;
  dialect: DialectName;
  config: Config;
  tokens: TokenService;
  /** Epoch milliseconds; the seed replaces it to date its demo posts. */
  now(): number;
}
