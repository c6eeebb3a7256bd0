import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { UserEntity } from '../modules/users/user.entity';
import { maintenancePoolDeadlines, requestPoolDeadlines } from './database-deadlines';
import { DeadlineClient } from './deadline-client';

/**
 * `requests`: the server's pool (requests, sessions, jobs), every query under a deadline.
 * `maintenance`: migrations and command-line tools, whose statements may rightly run long.
 */
export function dataSourceOptions(url: string, use: 'requests' | 'maintenance' = 'requests'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    entities: [UserEntity],
    extra: { max: 10, Client: DeadlineClient, ...(use === 'requests' ? requestPoolDeadlines() : maintenancePoolDeadlines()) },
  };
}
