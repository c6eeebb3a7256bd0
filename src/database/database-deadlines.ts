/**
 * Every query the server makes has a deadline, so a frozen or unreachable database turns
 * into a quick 503 instead of a request that never answers (issue 14). The server cancels a
 * slow statement first (statement_timeout), which keeps the connection usable; the client's
 * own deadline (query_timeout) is a little longer and only fires when the server does not
 * answer at all (stopped, frozen, cut off), and then the connection is thrown away.
 */
export const DATABASE_DEADLINES = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: 2000,
  /** Postgres cancels a statement that runs longer (a web request has no business waiting more). */
  statementMs: 3000,
  /**
   * Our side gives up on an answer that does not come (the server is frozen or gone). With the
   * wait for a connection, a request knows within 2 + 4 s that the database is away.
   */
  queryMs: 4000,
  /** Postgres ends a session left inside a transaction this long (a client that vanished mid-way). */
  idleInTransactionMs: 15_000,
} as const;

/** The three a deployment may set (DATABASE_*_TIMEOUT_MS): a slower network or database may need more. */
export interface RequestDeadlines {
  connectMs: number;
  statementMs: number;
  queryMs: number;
}

/** The pg pool options for connections that serve requests, the session store and the job queue. */
export function requestPoolDeadlines(deadlines: RequestDeadlines = DATABASE_DEADLINES): Record<string, number | boolean> {
  return {
    connectionTimeoutMillis: deadlines.connectMs,
    statement_timeout: deadlines.statementMs,
    query_timeout: deadlines.queryMs,
    idle_in_transaction_session_timeout: DATABASE_DEADLINES.idleInTransactionMs,
    // A connection to a host that vanished (no RST) is noticed by the OS instead of kept forever.
    keepAlive: true,
  };
}

/**
 * Migrations and command-line tools may run long statements on purpose (an index on a big
 * table, a month's billing) and wait for another instance's migration lock: no statement
 * deadline, but a connection that cannot be opened still fails instead of hanging.
 */
export function maintenancePoolDeadlines(): Record<string, number | boolean> {
  return { connectionTimeoutMillis: DATABASE_DEADLINES.connectMs * 5, keepAlive: true };
}
