import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../src/server/testing/server-process.js';
import { runNode } from './processes.js';

/** The sizes `npm run db:generate` is given; everything else follows from the generator's defaults. */
export interface DatasetSize {
  users: number;
  posts: number;
  votes: number;
  follows: number;
}

export interface Dataset {
  name: 'full' | 'small';
  size: DatasetSize;
}

/** The million-post community, and the 10,000-post one used by --quick and as the feed's baseline. */
export const FULL: Dataset = {
  name: 'full',
  size: { users: 100_000, posts: 1_000_000, votes: 10_000_000, follows: 5_000_000 },
};
export const SMALL: Dataset = {
  name: 'small',
  size: { users: 1_000, posts: 10_000, votes: 100_000, follows: 50_000 },
};

/** Where a dataset lives: the server's DATA_DIR or DATABASE_URL. */
export type Location = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

export const locationEnv = (location: Location): Record<string, string> =>
  location.kind === 'sqlite' ? { DATA_DIR: location.dataDir } : { DATABASE_URL: location.url };

const DATA_ROOT = path.join(ROOT, 'bench', 'data');

const generatorArgs = (size: DatasetSize) =>
  Object.entries(size).flatMap(([name, value]) => [`--${name}`, String(value)]);

/**
 * The dataset's database, generated unless an earlier run left one of the same size. SQLite:
 * bench/data/<name>/, marked complete by a file written after generation. PostgreSQL: the
 * database crumb_bench_<name> on the given server, marked complete by its comment.
 */
export async function ensureDataset(dataset: Dataset, postgresServer: string | undefined): Promise<Location> {
  if (postgresServer) return ensurePostgres(dataset, postgresServer);
  const dataDir = path.join(DATA_ROOT, dataset.name);
  const marker = path.join(dataDir, 'generated.json');
  const wanted = JSON.stringify(dataset.size);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').trim() === wanted) {
    console.log(`Reusing the ${dataset.name} SQLite dataset in ${path.relative(ROOT, dataDir)}`);
    return { kind: 'sqlite', dataDir };
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  await runNode(['dist/server/cli/generate.js', ...generatorArgs(dataset.size)], { DATA_DIR: dataDir });
  fs.writeFileSync(marker, wanted);
  return { kind: 'sqlite', dataDir };
}

async function ensurePostgres(dataset: Dataset, server: string): Promise<Location> {
  const database = `crumb_bench_${dataset.name}`;
  const url = new URL(server);
  url.pathname = `/${database}`;
  const location: Location = { kind: 'postgres', url: url.toString() };
  const wanted = JSON.stringify(dataset.size);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    // A generation that completed leaves its size as the database's comment.
    const { rows } = await admin.query<{ marker: string | null }>(
      `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1`,
      [database],
    );
    if (rows[0]?.marker === wanted) {
      console.log(`Reusing the ${dataset.name} PostgreSQL dataset in ${database}`);
      return location;
    }
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await runNode(['dist/server/cli/generate.js', ...generatorArgs(dataset.size)], { DATABASE_URL: location.url });
    await admin.query(`comment on database ${database} is ${pg.escapeLiteral(wanted)}`);
    return location;
  } finally {
    await admin.end();
  }
}
