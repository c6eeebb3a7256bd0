/**
 * Whether an error means "the database cannot answer now" (down, frozen, restarting, out of
 * connections, too slow) rather than a fault in our code or the input: the request then
 * answers 503 and the caller may try again; the pool heals by itself when the database is back.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout passed
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// pg's own messages for deadlines and lost connections (they carry no code).
const UNAVAILABLE_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /connection timeout/i,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool$/,
];

export const DATABASE_UNAVAILABLE_MESSAGE = 'We cannot reach our records right now. Please try again in a moment.';

/**
 * Why the database cannot answer, as a fixed phrase fit for a log line (a SQLSTATE, a socket
 * error's code, or pg's own message for a deadline), or undefined when the error is something
 * else. Never the error's whole text: a database error may quote the statement's values.
 */
export function whyDatabaseUnavailable(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SYSCALL_CODES.has(e.code))) return e.code;
    // A Unix socket that is gone (the embedded PostgreSQL is stopped): ENOENT from connect, not from a file.
    if (e.code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return 'ENOENT';
    const message = e.message;
    if (typeof message === 'string') {
      const pattern = UNAVAILABLE_MESSAGES.find((known) => known.test(message));
      if (pattern) return pattern.source.replace(/^\^|\$$/g, '');
    }
    // TypeORM wraps the driver's error; an AggregateError (connect to several addresses) has `errors`.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const inner = errors.map((one) => whyDatabaseUnavailable(one)).find((why) => why !== undefined);
      if (inner) return inner;
    }
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return whyDatabaseUnavailable(error) !== undefined;
}
