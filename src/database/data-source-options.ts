import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { UserEntity } from '../modules/users/user.entity';

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    entities: [UserEntity],
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}
