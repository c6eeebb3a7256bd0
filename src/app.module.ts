import { Module, ValidationPipe } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { GlobalExceptionFilter } from './common/errors/global-exception.filter';
import { LoggingModule } from './common/logging/logging.module';
import { appConfig } from './config/app-config';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './modules/health/health.module';
import { SessionModule } from './modules/session/session.module';
import { SsrModule } from './modules/ssr/ssr.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [appConfig] }),
    LoggingModule,
    DatabaseModule,
    HealthModule,
    SessionModule,
    // Last: its catch-all page route must not shadow an API route.
    SsrModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: GlobalExceptionFilter },
    // Every DTO validated; unknown fields refused rather than silently dropped.
    { provide: APP_PIPE, useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }) },
  ],
})
export class AppModule {}
