import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp, NEST_APP_OPTIONS } from './bootstrap/configure-app';
import { ConfigError, parseAppConfig } from './config/parse-app-config';

async function bootstrap(): Promise<void> {
  let port: number;
  try {
    // Checked here first so a bad variable stops start-up with one line, not a stack.
    ({ port } = parseAppConfig(process.env));
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
  await app.listen(port);
  const address = app.getHttpServer().address();
  process.stdout.write(`Meterly is serving on http://localhost:${typeof address === 'object' && address ? address.port : port}\n`);
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
