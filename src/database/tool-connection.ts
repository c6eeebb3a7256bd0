import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/parse-app-config';
import { dataSourceOptions } from './data-source-options';
import { EMBEDDED_DATABASE, embeddedUrl, startEmbeddedPostgres } from './embedded-postgres';

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A database connection for command-line tools (migrate, sessions, staff): DATABASE_URL, or
 * the embedded database — the one a running `npm start` holds, or one the tool starts itself.
 */
export async function connectForTools(config: AppConfig): Promise<{ dataSource: DataSource; close: () => Promise<void> }> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    url = embeddedUrl(config.embeddedPostgresPort, EMBEDDED_DATABASE);
    if (!(await answers(url))) {
      const handle = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort });
      url = handle.url;
      stopEmbedded = () => handle.stop();
    }
  }
  const dataSource = new DataSource(dataSourceOptions(url, 'maintenance'));
  await dataSource.initialize();
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy().catch(() => undefined);
      await stopEmbedded?.();
    },
  };
}
