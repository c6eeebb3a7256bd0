import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { shareOrStartEmbeddedPostgres } from './embedded-postgres';
import type { AppConfig } from '../config/parse-app-config';

/**
 * A database connection for command-line tools (migrate, sessions, staff): DATABASE_URL, or
 * the embedded database — the one a running `npm start` holds on the same DATA_DIR (never
 * started or stopped here), or one the tool starts itself and stops when done. `entities`: the
 * TypeORM entities the tool's services map (the database imports no module).
 */
export async function connectForTools(
  config: AppConfig,
  entities: DataSourceOptions['entities'] = [],
): Promise<{ dataSource: DataSource; close: () => Promise<void> }> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const handle = await shareOrStartEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort });
    url = handle.url;
    stopEmbedded = () => handle.stop();
  }
  const dataSource = new DataSource(dataSourceOptions(url, 'maintenance', entities));
  await dataSource.initialize();
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy().catch(() => undefined);
      await stopEmbedded?.();
    },
  };
}
