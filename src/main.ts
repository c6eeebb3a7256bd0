import './bootstrap/production-by-default';
import './bootstrap/heap-growth';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp, NEST_APP_OPTIONS } from './bootstrap/configure-app';
import { parseServerConfig } from './config/deployment-rules';
import { isLoopbackHost } from './config/loopback';
import { ConfigError, type AppConfig } from './config/parse-app-config';
import type { NestExpressApplication } from '@nestjs/platform-express';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    // Checked here first so a bad variable stops start-up with one line, not a stack.
    config = parseServerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { ...NEST_APP_OPTIONS, abortOnError: false });
  await configureApp(app);
  stopOnSignals(app);
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  // Through the logger, so these come last, after the lines it still holds.
  const logger = app.get(Logger);
  for (const line of readyLines(config, typeof address === 'object' && address ? address.port : config.port)) logger.log(line, 'Meterly');
}

/** The address, and in local mode how to sign in: the last thing `npm start` prints. */
function readyLines(config: AppConfig, port: number): string[] {
  // On loopback the address a newcomer types; else where it listens, and where it is reached.
  const local = isLoopbackHost(config.host) ? `http://localhost:${port}` : `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const lines = [`Meterly is serving on ${local}${config.deployedBecause ? ` (reached at ${config.publicUrl})` : ''}`];
  if (!config.smtpUrl) {
    lines.push(`Sign in at ${local}/login: the link arrives in the local mailbox, ${local}/dev/mailbox (demo accounts in README.md)`);
  }
  return lines;
}

/** SIGTERM/SIGINT: stop taking requests, finish those in flight, close the pool and the database. */
function stopOnSignals(app: NestExpressApplication): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Received ${signal}, shutting down…\n`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Meterly could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
