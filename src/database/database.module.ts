import { Global, Inject, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DatabaseLocator } from './database-locator';
import { PG_POOL } from './pg-pool';
import { runMigrations } from './run-migrations';
import type { AppConfig } from '../config/app-config';
import type { Pool } from 'pg';

export { PG_POOL } from './pg-pool';

@Global()
@Module({ providers: [DatabaseLocator], exports: [DatabaseLocator] })
export class DatabaseLocatorModule {}

@Global()
@Module({
  imports: [
    DatabaseLocatorModule,
    TypeOrmModule.forRootAsync({
      imports: [DatabaseLocatorModule],
      inject: [DatabaseLocator, appConfig.KEY],
      useFactory: async (locator: DatabaseLocator, config: AppConfig) => ({
        ...dataSourceOptions(await locator.url(), 'requests', [], config.databaseDeadlines),
        autoLoadEntities: true,
      }),
    }),
  ],
  providers: [
    {
      // The pg pool TypeORM already holds, shared with the session store so one instance
      // keeps one set of connections.
      provide: PG_POOL,
      inject: [DataSource],
      useFactory: (dataSource: DataSource): Pool => (dataSource.driver as unknown as { master: Pool }).master,
    },
  ],
  exports: [PG_POOL],
})
export class DatabaseModule implements OnApplicationBootstrap {
  private readonly logger = new Logger(DatabaseModule.name);

  constructor(@Inject(DatabaseLocator) private readonly locator: DatabaseLocator) {}

  async onApplicationBootstrap(): Promise<void> {
    // On connections of their own, without the request deadlines: a migration may run long,
    // and waits for another instance's migration lock.
    const maintenance = new DataSource(dataSourceOptions(await this.locator.url(), 'maintenance'));
    await maintenance.initialize();
    try {
      const applied = await runMigrations(maintenance);
      if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
    } finally {
      await maintenance.destroy();
    }
  }
}
