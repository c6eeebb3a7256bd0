import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { Pool } from 'pg';
import { appConfig } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../database/database.module';
import { SessionController } from './session.controller';
import { sessionMiddleware } from './session.middleware';

@Module({ controllers: [SessionController] })
export class SessionModule implements NestModule {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(sessionMiddleware(this.config, this.pool)).forRoutes('{*path}');
  }
}
