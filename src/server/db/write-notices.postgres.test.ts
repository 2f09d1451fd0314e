import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, WritesElsewhere } from './database.js';
import { CONTENT_TABLES } from './schema.js';
import { listenForWritesElsewhere, WRITES_CHANNEL, type WriteNoticesOptions } from './write-notices.js';
import { createTestApp, secondDatabase, type TestApp } from '../testing/test-app.js';
import { testEnv } from '../testing/test-env.js';

/**
 * How instances on one PostgreSQL database hear of each other's writes and of everyone else's,
 * against real commits: by a tool (migration 0011's triggers), by this server and by another
 * (announced once committed), in another schema, and across the loss of the connection.
 */
describe('writes heard from elsewhere (PostgreSQL notices)', () => {
  let t: TestApp;
  let otherSchema: TestApp;
  let tool: pg.Client;
  let otherServer: DatabaseHandle;
  const url = testEnv.databaseUrl!;
  let read: WritesElsewhere;
  const heardHere: number[][] = [];
  let readThere: WritesElsewhere;
  const heardThere: number[][] = [];

  const connectTo = async (schema: string | undefined) => {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    otherSchema = await createTestApp();
    tool = await connectTo(t.database.schema);
    otherServer = secondDatabase(t);
    read = await t.database.watchWritesElsewhere((users) => heardHere.push([...users]));
    readThere = await otherServer.watchWritesElsewhere((users) => heardThere.push([...users]));
  });
  afterAll(async () => {
    await tool.end();
    await otherServer.destroy();
    await otherSchema.close();
    await t.close();
  });

  const newUsername = () => `u_${randomBytes(4).toString('hex')}`;
  const insertUser = (client: pg.Client, name = newUsername()) =>
    client.query(
      `insert into users (username, username_key, first_name, last_name, bio, password_hash, created_at, updated_at)
       values ($1, $1, 'A', 'B', '', 'x', 0, 0)`,
      [name],
    );

  it('has every table a page can show announce its writes', async () => {
    const { rows } = await tool.query<{ table: string }>(
      `select distinct event_object_table as table from information_schema.triggers
       where trigger_schema = $1 and trigger_name = 'announce_write'`,
      [t.database.schema],
    );
    expect(rows.map((row) => row.table).sort()).toEqual([...CONTENT_TABLES].sort());
  });

  it('counts a tool’s commit as soon as it is acknowledged, and not a rollback', async () => {
    const before = await read();
    expect(await read()).toBe(before);
    await insertUser(tool);
    const after = await read();
    expect(after).toBeGreaterThan(before);
    expect(await read()).toBe(after);

    await tool.query('begin');
    await insertUser(tool);
    await tool.query('rollback');
    expect(await read()).toBe(after);
  });

  it('hears the users another server names as soon as it has announced them, without counting', async () => {
    const before = await read();
    heardHere.length = 0;
    await otherServer.announceUsersChanged([7, 11]);
    expect(await read()).toBe(before);
    expect(heardHere).toEqual([[7, 11]]);
  });

  it('leaves out its own writes and announcements, and those in another schema', async () => {
    const before = await readThere();
    const beforeHere = await read();
    heardHere.length = 0;
    heardThere.length = 0;
    // The server's own sessions: the triggers stay silent, and what it announces is its own.
    const name = newUsername();
    await otherServer.db
      .insertInto('users')
      .values({
        username: name,
        username_key: name,
        first_name: 'A',
        last_name: 'B',
        bio: '',
        password_hash: 'x',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    await otherServer.announceUsersChanged([3]);
    const elsewhere = await connectTo(otherSchema.database.schema);
    try {
      await insertUser(elsewhere);
    } finally {
      await elsewhere.end();
    }
    expect(await readThere()).toBe(before);
    expect(heardThere).toEqual([]);
    expect(await read()).toBe(beforeHere);
    expect(heardHere).toEqual([[3]]);
  });

  it('announces as many users as a notice can carry, and past that, a change to anything', async () => {
    const before = await read();
    heardHere.length = 0;
    const many = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i);
    await otherServer.announceUsersChanged(many);
    expect(await read()).toBeGreaterThan(before);
    expect(heardHere).toEqual([]);
  });

  describe('one instance’s connection, on its own', () => {
    const applicationName = `crumb notices ${randomBytes(4).toString('hex')}`;
    const errors: Error[] = [];
    const announcedElsewhere: string[] = [];
    const options = (): WriteNoticesOptions => ({
      client: {
        connectionString: url,
        application_name: applicationName,
        options: `-c search_path=${t.database.schema}`,
      },
      async announceElsewhere(suffix) {
        announcedElsewhere.push(suffix);
        await tool.query(`select pg_notify($1, current_schema() || $2)`, [WRITES_CHANNEL, suffix]);
      },
      // Long enough that the calls right after a loss find it lost.
      retryMs: 300,
      onError: (error) => void errors.push(error),
    });

    async function settled(count: () => Promise<number>): Promise<number> {
      for (let tries = 0; tries < 200; tries++) {
        const first = await count();
        if ((await count()) === first) return first;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the count never settled');
    }

    it('moves the count on every call until it first listens', async () => {
      const notices = listenForWritesElsewhere(options());
      try {
        const [first, second] = await Promise.all([notices.writesElsewhere(), notices.writesElsewhere()]);
        expect(second).not.toBe(first);
        await notices.ready;
        const listening = await notices.writesElsewhere();
        expect(await notices.writesElsewhere()).toBe(listening);
      } finally {
        await notices.close();
      }
    });

    it('once lost: moves the count on every call and announces through the pool, until it listens again', async () => {
      const notices = listenForWritesElsewhere(options());
      try {
        await notices.ready;
        await settled(() => notices.writesElsewhere());
        const { rows } = await tool.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        expect(rows).toEqual([{ ended: true }]);
        const first = await notices.writesElsewhere();
        const second = await notices.writesElsewhere();
        expect(second).toBeGreaterThan(first);
        expect(errors.length).toBeGreaterThan(0);
        heardThere.length = 0;
        await notices.announce([42]);
        expect(announcedElsewhere).toEqual([' 42']);
        await readThere();
        expect(heardThere).toEqual([[42]]);

        const listening = await settled(() => notices.writesElsewhere());
        expect(listening).toBeGreaterThan(second);
        await insertUser(tool);
        expect(await notices.writesElsewhere()).toBeGreaterThan(listening);
        heardThere.length = 0;
        await notices.announce([43]);
        expect(announcedElsewhere).toEqual([' 42']);
        await readThere();
        expect(heardThere).toEqual([[43]]);
      } finally {
        await notices.close();
      }
    });
  });
});
