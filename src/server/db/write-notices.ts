import pg from 'pg';

/** The channel writes are announced on, by the app and by migration 0011's triggers. */
export const WRITES_CHANNEL = 'crumb_writes';
/** A longer list of users is announced as a write that may have changed anything. */
const MAX_PAYLOAD_CHARS = 7000;

export interface WriteNoticesOptions {
  /** The connection's settings: the same database and schema as the app's pool. */
  client: pg.ClientConfig;
  /**
   * Announces on another connection (the pool) while this one is down. Should this connection
   * listen again before such a notice commits, it hears it: the feeds it names are dropped twice.
   */
  announceElsewhere: (suffix: string) => Promise<void>;
  /** How long to wait before connecting again after the connection is lost. */
  retryMs: number;
  onError: (error: Error) => void;
}

export interface WriteNotices {
  /**
   * A count that moves whenever another process has committed a write without naming the users
   * it changed (a command-line tool, an operator's psql: migration 0011's triggers). Each call
   * first takes in every notice sent before it was made, so a commit acknowledged before the call
   * is always counted, and the users another instance named are told to `onUsersChanged` first.
   * While the instance is not listening, every call moves it.
   */
  writesElsewhere(): Promise<number>;
  /** Where the users other instances name as they write are told. */
  onUsersChanged(listener: (userIds: readonly number[]) => void): void;
  /**
   * After a commit: tells every other instance the users it changed. Resolves once a notice
   * sent after the call has been taken by the server, so an instance asking after that hears it.
   */
  announce(userIds: readonly number[]): Promise<void>;
  /** Settles once the first attempt to connect has ended, listening or not (it is tried again). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `statement` one at a time: each call resolves once a run that began after the call has
 * ended, so callers who arrive while one runs share the next. `statement` never rejects.
 */
function oneAtATime(statement: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run: Promise<void> = statement().then(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    queued ??= running.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}

/**
 * Crumb's instances on one PostgreSQL database tell each other of their writes with
 * LISTEN/NOTIFY, on one connection each: after each commit that changes what a feed shows, an
 * instance names the users it changed (the payload is the schema, a space and their ids), and
 * each instance's feed cache drops what rests on them. The app's sessions set
 * `crumb.announces_writes`, so migration 0011's triggers stay silent for them: a NOTIFY inside a
 * transaction holds a database-wide lock until its commit is flushed, which made every commit
 * wait for the one before (15% fewer votes a second in the bench). Every other writer's
 * statements announce themselves through the triggers, with the schema alone: anything may have
 * changed.
 *
 * This connection commits its notices without waiting for their flush (`synchronous_commit`
 * off): a notice lost in a crash is lost with the connections that would have heard it.
 *
 * A notice reaches the connection when its transaction commits, but the app reads its socket
 * only when its event loop gets there, possibly after a request that arrived later. So the count
 * is asked for with an empty statement: PostgreSQL sends a session the notices it holds before
 * it says it is ready for the next statement, and it signals the listener before it tells the
 * writer its commit is done. Callers who arrive while one such statement is out share the next.
 */
export function listenForWritesElsewhere({
  client: config,
  announceElsewhere,
  retryMs,
  onError,
}: WriteNoticesOptions): WriteNotices {
  let count = 0;
  let usersChanged: (userIds: readonly number[]) => void = () => {};
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The users named since the last announcement was sent. */
  let unannounced = new Set<number>();

  interface Session {
    client: pg.Client;
    listening: boolean;
    takeInNotices: () => Promise<void>;
    announceUnannounced: () => Promise<void>;
  }
  let session: Session | null = null;

  function lost(from: Session, error?: Error) {
    if (session !== from) return;
    if (error) onError(error);
    session = null;
    count++;
    from.client.removeAllListeners('notification');
    from.client.on('error', () => {});
    from.client.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect(), retryMs).unref();
  }

  function heard(notice: pg.Notification, own: number | undefined, schema: string | undefined) {
    const { channel, payload, processId } = notice;
    if (channel !== WRITES_CHANNEL || !payload || processId === own) return;
    const space = payload.indexOf(' ');
    if ((space < 0 ? payload : payload.slice(0, space)) !== schema) return;
    const users =
      space < 0
        ? []
        : payload
            .slice(space + 1)
            .split(',')
            .map(Number);
    if (users.length === 0 || !users.every(Number.isSafeInteger)) count++;
    else usersChanged(users);
  }

  async function connect() {
    const client = new pg.Client(config);
    const current: Session = {
      client,
      listening: false,
      takeInNotices: oneAtATime(() =>
        client.query('').then(
          () => {},
          (error: Error) => lost(current, error),
        ),
      ),
      announceUnannounced: oneAtATime(async () => {
        const users = [...unannounced];
        unannounced = new Set();
        try {
          await client.query('select pg_notify($1, current_schema() || $2)', [WRITES_CHANNEL, suffixOf(users)]);
        } catch (error) {
          lost(current, error as Error);
          await announceElsewhere(suffixOf(users)).catch(onError);
        }
      }),
    };
    session = current;
    client.on('error', (error) => lost(current, error));
    client.on('end', () => lost(current));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      const own = (client as { processID?: number }).processID ?? undefined;
      client.on('notification', (notice) => heard(notice, own, schema));
      await client.query('set synchronous_commit = off');
      await client.query(`listen ${WRITES_CHANNEL}`);
      if (session !== current) return;
      // Whatever was committed before now, unheard, counts as a write.
      count++;
      current.listening = true;
    } catch (error) {
      lost(current, error as Error);
    }
  }

  const ready = connect();

  return {
    ready,
    onUsersChanged(listener) {
      usersChanged = listener;
    },
    async writesElsewhere() {
      const current = session;
      if (!current?.listening) return ++count;
      await current.takeInNotices();
      return current.listening && session === current ? count : ++count;
    },
    async announce(userIds) {
      const current = session;
      if (!current?.listening) return announceElsewhere(suffixOf(userIds)).catch(onError);
      for (const user of userIds) unannounced.add(user);
      return current.announceUnannounced();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = session;
      session = null;
      if (current) await current.client.end().catch(() => {});
    },
  };
}

/** What follows the schema in a notice: a space and the users' ids, or nothing (anything changed). */
function suffixOf(userIds: readonly number[]): string {
  const suffix = ` ${userIds.join(',')}`;
  return userIds.length > 0 && suffix.length <= MAX_PAYLOAD_CHARS ? suffix : '';
}
