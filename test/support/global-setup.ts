import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { runMigrations } from '../../src/database/run-migrations';
import { JOB_SCHEMA } from '../../src/modules/jobs/job-queue.service';
import { freePort } from './free-port';
import { databaseAt, serverOf, TEMPLATE_DB, TEST_PG_SERVER } from './test-database';

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_SERVER (postgres://user:pass@host:port)
 * when given, else an embedded one in a temporary folder. The schema is built once, by the
 * migrations, into a template every test file copies.
 */
export default async function globalSetup(): Promise<void> {
  let server = process.env.TEST_DATABASE_SERVER;
  if (!server) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    const handle = await startEmbeddedPostgres({ dataDir, port: await freePort(), throwaway: true });
    (globalThis as Record<string, unknown>).__meterlyTestPg = { handle, dataDir };
    server = serverOf(handle.url);
  }
  process.env[TEST_PG_SERVER] = server;

  const client = new Client({ connectionString: databaseAt(server, 'postgres') });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  await client.end();

  const dataSource = new DataSource(dataSourceOptions(databaseAt(server, TEMPLATE_DB)));
  await dataSource.initialize();
  await runMigrations(dataSource);
  // The job queue's tables too, as the app's first start would install them: every test app
  // would otherwise build them on its copy (a few hundred ms each, seconds on a busy machine).
  await dataSource.query(PgBoss.getConstructionPlans(JOB_SCHEMA));
  await dataSource.destroy();
}
