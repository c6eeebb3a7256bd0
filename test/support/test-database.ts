import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by global-setup: a server URL (no database) and the migrated template's name. */
export const TEST_PG_SERVER = 'METERLY_TEST_PG_SERVER';
export const TEMPLATE_DB = 'meterly_template';

/** Runs `use` on a connection of its own to the database at `url`, closed after, even on failure. */
export async function withDatabase<T>(url: string, use: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/** The URL of `database` on `server` (a URL without a database, perhaps with a query: the embedded one's socket, ?host=/tmp). */
export function databaseAt(server: string, database: string): string {
  const [base, query] = server.split('?');
  return `${base.replace(/\/+$/, '')}/${database}${query ? `?${query}` : ''}`;
}

/** `url` without its database (its query kept). */
export function serverOf(url: string): string {
  const [base, query] = url.split('?');
  return `${base.replace(/(\/\/[^/]*)\/.*$/, '$1')}${query ? `?${query}` : ''}`;
}

export function serverUrl(database = 'postgres'): string {
  const server = process.env[TEST_PG_SERVER];
  if (!server) throw new Error('No test database server: run the tests through jest (global-setup starts one).');
  return databaseAt(server, database);
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template: each test file gets its own. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `meterly_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`));
  return {
    name,
    url: serverUrl(name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
