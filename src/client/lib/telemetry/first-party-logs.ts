import { request } from '../api/request';
import type { LogEntry, LogSink } from './logger';

/** Spec §9's browser-logging figures, kept by our own batcher too. */
export const LOG_BATCH = { messages: 50, bytes: 16_384, flushMs: 30_000, retryQueueBytes: 3 * 1024 * 1024 } as const;

type WireEntry = Record<string, unknown>;
type Send = (body: string, keepalive: boolean) => Promise<'sent' | 'retry' | 'drop'>;

const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;
const clip = (text: string | undefined, max: number) => (text === undefined || text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** An entry as POST /api/logs takes it (its limits: message 2000, stack 8000 characters). */
function toWire(entry: LogEntry): WireEntry {
  return {
    level: entry.level,
    tag: entry.tag,
    message: clip(entry.message, 2000),
    time: entry.time,
    correlationId: entry.correlationId,
    ...(entry.userId && { userId: entry.userId }),
    ...(entry.userEmail && { userEmail: entry.userEmail }),
    url: clip(entry.url, 2000),
    ...(entry.details && { details: entry.details }),
    ...(entry.error && { error: { name: clip(entry.error.name, 200), message: clip(entry.error.message, 2000), stack: clip(entry.error.stack, 8000) } }),
  };
}

const sendToServer: Send = async (body, keepalive) => {
  try {
    await request('/logs', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive });
    return 'sent';
  } catch (error) {
    // Busy or unreachable: try again later. Refused (4xx): it would be refused again.
    return error instanceof Response && error.status !== 429 && error.status < 500 ? 'drop' : 'retry';
  }
};

/**
 * Browser logging without a vendor: messages batched to POST /api/logs (50 messages or
 * 16384 bytes, or 30 s after the first), flushed when the page is hidden; failed batches wait
 * in a retry queue of at most 3 MiB, the oldest dropped first.
 */
export function firstPartyLogSink(send: Send = sendToServer): LogSink & { flush(keepalive?: boolean): void } {
  let batch: string[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retries: string[] = [];
  let retryBytes = 0;

  const queueRetry = (body: string) => {
    retries.push(body);
    retryBytes += byteLength(body);
    while (retryBytes > LOG_BATCH.retryQueueBytes) retryBytes -= byteLength(retries.shift()!);
  };

  const flush = (keepalive = false) => {
    clearTimeout(timer);
    timer = undefined;
    const bodies = retries.splice(0);
    retryBytes = 0;
    if (batch.length > 0) bodies.push(`{"logs":[${batch.join(',')}]}`);
    batch = [];
    bytes = 0;
    for (const body of bodies) {
      void send(body, keepalive).then((outcome) => {
        if (outcome === 'retry') queueRetry(body);
      });
    }
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => flush(true));
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush(true));
  }

  return {
    write(entry) {
      const json = JSON.stringify(toWire(entry));
      const size = byteLength(json);
      // The envelope and commas take a few bytes beside the entries themselves.
      if (batch.length > 0 && bytes + size + batch.length + 12 > LOG_BATCH.bytes) flush();
      batch.push(json);
      bytes += size;
      if (batch.length >= LOG_BATCH.messages) flush();
      else timer ??= setTimeout(() => flush(), LOG_BATCH.flushMs);
    },
    flush,
  };
}
