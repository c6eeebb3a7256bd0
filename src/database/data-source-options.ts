import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { maintenancePoolDeadlines, requestPoolDeadlines, type RequestDeadlines } from './database-deadlines';
import { DeadlineClient } from './deadline-client';

/**
 * `requests`: the server's pool (requests, sessions, jobs), every query under a deadline.
 * `maintenance`: migrations and command-line tools, whose statements may rightly run long.
 * `entities`: the TypeORM entities this connection maps. The database imports no module
 * (issue 28): in the server each module registers its own (`TypeOrmModule.forFeature`, loaded by
 * `autoLoadEntities`), and a command-line tool names those it uses.
 * `deadlines`: the server's own (AppConfig.databaseDeadlines), for the `requests` pool.
 */
export function dataSourceOptions(
  url: string,
  use: 'requests' | 'maintenance' = 'requests',
  entities: DataSourceOptions['entities'] = [],
  deadlines?: RequestDeadlines,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    entities,
    extra: { max: 10, Client: DeadlineClient, ...(use === 'requests' ? requestPoolDeadlines(deadlines) : maintenancePoolDeadlines()) },
  };
}
