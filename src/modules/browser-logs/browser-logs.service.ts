import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain-exception';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { redactText, redactValue } from '../../common/logging/redact-text';
import { redactUrl } from '../../common/logging/redact-url';
import { RateLimiter } from '../rate-limit';
import { MAX_LOG_BATCH_BYTES, type BrowserLogBatchDto, type BrowserLogDto, type BrowserLogsAcceptedDto } from './browser-logs.dto';

/** Per address: a browser flushes at most every 30 s, or sooner when a batch fills. */
const BATCHES_PER_MINUTE = 30;

/**
 * Browser logging without a vendor: the browser's batches are written to the server's own
 * log (pino), each line marked as coming from the browser. Size and rate are bounded, and
 * anything that looks like a card number or a secret in a URL is redacted first.
 */
@Injectable()
export class BrowserLogsService {
  private readonly logger = new Logger('Browser');

  constructor(private readonly limiter: RateLimiter) {}

  async write(batch: BrowserLogBatchDto, received: { raw: unknown; ip: string; userAgent?: string }): Promise<BrowserLogsAcceptedDto> {
    if (Buffer.byteLength(JSON.stringify(received.raw)) > MAX_LOG_BATCH_BYTES) {
      throw new DomainException('PAYLOAD_TOO_LARGE', `A log batch may hold at most ${MAX_LOG_BATCH_BYTES} bytes.`, HttpStatus.PAYLOAD_TOO_LARGE);
    }
    const limit = await this.limiter.hit([{ bucket: `browser-logs:ip:${received.ip}`, limit: BATCHES_PER_MINUTE, windowMs: 60_000 }]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, 'Too many log batches from this address.');
    for (const entry of batch.logs) this.writeOne(entry, received.userAgent);
    return { written: batch.logs.length };
  }

  private writeOne(entry: BrowserLogDto, userAgent: string | undefined): void {
    const line = {
      browser: {
        tag: entry.tag,
        time: entry.time,
        correlationId: entry.correlationId,
        userId: entry.userId,
        userEmail: entry.userEmail,
        url: entry.url && redactUrl(entry.url),
        userAgent: userAgent?.slice(0, 300),
        ...(entry.details && { details: redactValue(entry.details) }),
        ...(entry.error && {
          error: { name: entry.error.name, message: redactText(entry.error.message), stack: entry.error.stack && redactText(entry.error.stack) },
        }),
      },
    };
    const message = redactText(entry.message);
    if (entry.level === 'error') this.logger.error(line, message);
    else if (entry.level === 'warn') this.logger.warn(line, message);
    else if (entry.level === 'info') this.logger.log(line, message);
    else this.logger.debug(line, message);
  }
}
