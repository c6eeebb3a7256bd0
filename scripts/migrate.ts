import { DataSource } from 'typeorm';
import { parseAppConfig } from '../src/config/parse-app-config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/run-migrations';

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
async function main(): Promise<void> {
  const config = parseAppConfig(process.env);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort });
  const dataSource = new DataSource(dataSourceOptions(config.databaseUrl ?? embedded!.url));
  try {
    await dataSource.initialize();
    const applied = await runMigrations(dataSource);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
