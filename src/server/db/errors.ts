/** Recognises database failures that have a meaning for users, on both SQLite and PostgreSQL. */

interface DriverError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_BUSY = 5;
const PG_UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError | null;
  if (!e) return false;
  return (
    e.code === PG_UNIQUE_VIOLATION ||
    e.errcode === SQLITE_CONSTRAINT_UNIQUE ||
    e.errcode === SQLITE_CONSTRAINT_PRIMARYKEY
  );
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000', // connection_exception
  '08003',
  '08006',
  '57014', // query_canceled (statement timeout)
]);

/** True when the database could not be reached or did not answer in time: the request may succeed later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as DriverError | null;
  if (!e) return false;
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (e.errcode === SQLITE_BUSY) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // pg's own errors carry no code: a dropped connection, a connect timeout, a query timeout, and
  // a query on a client whose connection already failed (inside a transaction cut by the outage).
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(
    message,
  );
}

/**
 * Runs an insert made idempotent by a client's key, and runs it once more when a concurrent send
 * of the same key won the race to store it (a unique violation): the second run finds that row.
 */
export async function retriedIfRaced<T>(keyed: boolean, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!keyed || !isUniqueViolation(error)) throw error;
    return insert();
  }
}

/**
 * The database dropped out after a write committed, while its answer was being read. The write
 * is stored: answered as unavailable (503, `Retry-After`), a client would send it again, and a
 * post without a key of its own would be stored twice.
 */
export class WrittenButUnreadError extends Error {
  constructor(cause: unknown) {
    super('the write committed, but its answer could not be read', { cause });
    this.name = 'WrittenButUnreadError';
  }
}
