import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up lines (a line per module initialised and per route mapped, about 150 in
 * all) bury the one line an operator looks for: they are kept, at debug.
 */
const CHATTY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

function isChatter(params: unknown[]): boolean {
  const context = params[params.length - 1];
  return typeof context === 'string' && CHATTY_CONTEXTS.has(context);
}

/** The app's logger, with Nest's start-up chatter moved from info down to debug. */
export class QuietStartUpLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    if (isChatter(params)) this.inner.debug?.(message, ...params);
    else this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal?.(message, ...params);
  }
}
