import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    entities: [],
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}
