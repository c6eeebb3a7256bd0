import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { RequestContextModule } from '../src/modules/session';

@Module({})
class ToolConnectionModule {}

@Module({})
class ToolModule {}

/**
 * The services a command-line tool uses, built by Nest from the modules that build them in the
 * server (the same construction path), over the tool's own connection (connectForTools, which
 * the tool closes). The request context and its transactional plugin come with them, so a
 * tool's unit of work is one transaction exactly as it is in the server. Only the modules named
 * are built: no HTTP, no jobs, no migrations, a start-up of a few milliseconds.
 */
export function toolContext(dataSource: DataSource, modules: Type[]): Promise<INestApplicationContext> {
  const connection: DynamicModule = {
    module: ToolConnectionModule,
    global: true,
    providers: [{ provide: DataSource, useValue: dataSource }],
    exports: [DataSource],
  };
  const root: DynamicModule = { module: ToolModule, imports: [connection, RequestContextModule, ...modules] };
  return NestFactory.createApplicationContext(root, { logger: ['error', 'warn'] });
}
