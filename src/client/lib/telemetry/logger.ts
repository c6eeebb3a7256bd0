/**
 * The logger of spec §7: every message goes to both error reporting and browser logging,
 * tagged "[tag]", with a correlation id and the signed-in user's userId and userEmail.
 * Which service stands behind each is decided by the adapters (telemetry.ts); until error
 * reporting is decided, its messages wait in a short queue.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogDetails {
  /** An Error (or anything thrown) the message is about. */
  error?: unknown;
  correlationId?: string;
  [key: string]: unknown;
}

export interface LogEntry {
  level: LogLevel;
  tag: string;
  /** "[tag] text" */
  message: string;
  time: string;
  correlationId: string;
  userId?: string;
  userEmail?: string;
  url: string;
  details?: Record<string, unknown>;
  error?: { name: string; message: string; stack?: string };
  /** The thrown value itself, for error reporting. */
  thrown?: unknown;
}

export interface LogSink {
  write(entry: LogEntry): void;
}

const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error'];
/** Spec §9: 3000 messages per minute per level; beyond that they are dropped until the minute ends. */
export const MESSAGES_PER_MINUTE_PER_LEVEL = 3000;
const PENDING_LIMIT = 50;

interface Router {
  user: { userId?: string; userEmail?: string };
  minLevel: LogLevel;
  echo: (level: LogLevel) => boolean;
  errorReporting: LogSink | 'pending' | 'off';
  pending: LogEntry[];
  browserLogging: LogSink | undefined;
  window: { start: number; counts: Record<LogLevel, number> };
}

const router: Router = {
  user: {},
  minLevel: 'debug',
  echo: (level) => level === 'warn' || level === 'error',
  errorReporting: 'pending',
  pending: [],
  browserLogging: undefined,
  window: { start: 0, counts: { debug: 0, info: 0, warn: 0, error: 0 } },
};

/** Set by the telemetry adapters. */
export const logRouting = {
  setUser(user: { userId?: string; userEmail?: string }): void {
    router.user = user;
  },
  setMinLevel(level: LogLevel): void {
    router.minLevel = level;
  },
  /** Which levels are also written to the console (all in development, warnings and errors elsewhere). */
  setConsoleEcho(echo: (level: LogLevel) => boolean): void {
    router.echo = echo;
  },
  setBrowserLogging(sink: LogSink | undefined): void {
    router.browserLogging = sink;
  },
  /** A sink, 'off' (dropping what waited), or 'pending' (queueing again). */
  setErrorReporting(sink: LogSink | 'pending' | 'off'): void {
    router.errorReporting = sink;
    if (sink === 'pending') return;
    const waiting = router.pending.splice(0);
    if (sink !== 'off') for (const entry of waiting) sink.write(entry);
  },
};

function allowedByRate(level: LogLevel, now: number): boolean {
  if (now - router.window.start >= 60_000) router.window = { start: now, counts: { debug: 0, info: 0, warn: 0, error: 0 } };
  router.window.counts[level] += 1;
  return router.window.counts[level] <= MESSAGES_PER_MINUTE_PER_LEVEL;
}

function describe(thrown: unknown): LogEntry['error'] {
  if (thrown instanceof Error) return { name: thrown.name, message: thrown.message, stack: thrown.stack };
  if (thrown instanceof Response) return { name: 'Response', message: `HTTP ${thrown.status}` };
  return thrown === undefined ? undefined : { name: 'Thrown', message: typeof thrown === 'string' ? thrown : JSON.stringify(thrown) ?? typeof thrown };
}

function write(level: LogLevel, tag: string, text: string, details: LogDetails = {}): void {
  if (LEVELS.indexOf(level) < LEVELS.indexOf(router.minLevel)) return;
  const { error: thrown, correlationId, ...rest } = details;
  const message = `[${tag}] ${text}`;
  if (router.echo(level)) {
    const method = level === 'debug' ? 'debug' : level;
    console[method](message, ...(Object.keys(rest).length ? [rest] : []), ...(thrown === undefined ? [] : [thrown]));
  }
  if (typeof window === 'undefined' || !allowedByRate(level, Date.now())) return;
  const entry: LogEntry = {
    level,
    tag,
    message,
    time: new Date().toISOString(),
    correlationId: correlationId ?? crypto.randomUUID(),
    ...router.user,
    url: window.location.pathname + window.location.search,
    ...(Object.keys(rest).length > 0 && { details: rest }),
    ...(thrown !== undefined && { error: describe(thrown), thrown }),
  };
  router.browserLogging?.write(entry);
  if (router.errorReporting === 'pending') {
    if (router.pending.length < PENDING_LIMIT) router.pending.push(entry);
  } else if (router.errorReporting !== 'off') {
    router.errorReporting.write(entry);
  }
}

export interface Logger {
  debug(message: string, details?: LogDetails): void;
  info(message: string, details?: LogDetails): void;
  warn(message: string, details?: LogDetails): void;
  error(message: string, details?: LogDetails): void;
}

/** A logger whose messages carry this tag: createLogger('auth').warn('failed', { status }). */
export function createLogger(tag: string): Logger {
  return {
    debug: (message, details) => write('debug', tag, message, details),
    info: (message, details) => write('info', tag, message, details),
    warn: (message, details) => write('warn', tag, message, details),
    error: (message, details) => write('error', tag, message, details),
  };
}
