import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one Prometheus registry of the process (GET /metrics, README "Metrics"). Metrics that
 * code counts as it goes live here, so any module increments them without injection; those
 * read from the database at scrape time are set by MetricsService.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Request latency by route pattern (never the raw URL): its _count is the request rate. */
export const httpDuration = new Histogram({
  name: 'meterly_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status class, and how long they took.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const httpErrors = new Counter({
  name: 'meterly_http_server_errors_total',
  help: 'Answers with a 5xx status, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  registers: [metricsRegistry],
});

export const mailSent = new Counter({
  name: 'meterly_mail_sent_total',
  help: 'Messages the mail server accepted.',
  registers: [metricsRegistry],
});

export const mailFailed = new Counter({
  name: 'meterly_mail_send_failures_total',
  help: 'Sends the mail server refused or that failed (each is retried by the job queue).',
  registers: [metricsRegistry],
});

export const chargesSettled = new Counter({
  name: 'meterly_payment_charges_total',
  help: 'Card charges that reached a final outcome, by outcome (succeeded, declined, error).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const sessionsActive = new Gauge({
  name: 'meterly_sessions_active',
  help: 'Signed-in sessions not yet expired (read at scrape).',
  registers: [metricsRegistry],
});

export const jobsByState = new Gauge({
  name: 'meterly_jobs',
  help: 'Jobs in the queue (pg-boss) by queue and state: created and retry are waiting, active running, failed given up (read at scrape).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const dbPool = new Gauge({
  name: 'meterly_db_pool_connections',
  help: 'The database pool: connections open (total), idle, requests waiting for one, and the most it may open (max).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

/**
 * What a page behind sign-in carried of its own data (issue 29): all of it, part (a loader late
 * or failed), or none because the server was busy (no turn within PAGE_DATA_TURN_MS). The
 * browser asks the API for what a page lacks: a rising `busy` share is the first sign of load.
 */
export const signedInRenders = new Counter({
  name: 'meterly_signed_in_renders_total',
  help: 'Pages behind sign-in by how they were made: kept (served as last rendered for the session, its inputs unchanged) or rendered.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Sessions the pages behind sign-in read (issue 29): kept in the process (session-read-cache.ts) or read from the database. */
export const sessionReads = new Counter({
  name: 'meterly_session_reads_total',
  help: "Session reads of the pages behind sign-in: kept (the process's copy, its row unchanged since) or read (from the database).",
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const pageData = new Counter({
  name: 'meterly_page_data_total',
  help: "Pages behind sign-in by what they carried of their own data: kept (complete, served from the customer's read model), complete (read afresh), partial (a read late or failed), busy (none: no turn to read in time).",
  labelNames: ['page', 'outcome'] as const,
  registers: [metricsRegistry],
});
