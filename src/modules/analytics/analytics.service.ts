import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain-exception';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { trackingAllowed } from '../../shared/consent';
import { RateLimiter } from '../rate-limit';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsUpstream } from './analytics-upstream';
import type { AnalyticsAcceptedDto, AnalyticsBatchDto } from './analytics.dto';

const BATCHES_PER_MINUTE = 120;

/** A batch as it arrived: the body as sent (forwarded intact), the browser's cookies (consent) and address (rate limit). */
export interface ReceivedBatch {
  raw: unknown;
  cookieHeader?: string;
  ip: string;
}

/**
 * The /api/a proxy of spec §7: a batch from a browser that allows performance cookies is
 * forwarded to the configured analytics service, or stored in Postgres when none is.
 * Without that consent nothing is forwarded or stored.
 */
@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);

  constructor(
    private readonly events: AnalyticsEventRepository,
    private readonly upstream: AnalyticsUpstream,
    private readonly limiter: RateLimiter,
  ) {}

  async accept(batch: AnalyticsBatchDto, received: ReceivedBatch): Promise<AnalyticsAcceptedDto> {
    if (!trackingAllowed(received.cookieHeader)) {
      throw new DomainException('CONSENT_REQUIRED', 'Analytics events are accepted only from a browser that allows performance cookies.', HttpStatus.FORBIDDEN);
    }
    // Postgres text cannot hold NUL, and no real event has one.
    if (JSON.stringify(received.raw).includes('\\u0000')) {
      throw new DomainException('BAD_REQUEST', 'The batch contains a NUL character.', HttpStatus.BAD_REQUEST);
    }
    const limit = await this.limiter.hit([{ bucket: `analytics:ip:${received.ip}`, limit: BATCHES_PER_MINUTE, windowMs: 60_000 }]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, 'Too many analytics batches from this address.');
    if (!this.upstream.configured) {
      await this.events.insertBatch(batch.batch, batch.sentAt);
      return { received: batch.batch.length, delivery: 'stored' };
    }
    // Forwarded as received, so the service gets the client's batch intact.
    if (!(await this.upstream.forward(received.raw))) {
      this.logger.warn({ events: batch.batch.length }, 'The analytics service did not take a batch');
      throw new DomainException('UPSTREAM_FAILED', 'The analytics service could not be reached. Try again later.', HttpStatus.BAD_GATEWAY);
    }
    return { received: batch.batch.length, delivery: 'forwarded' };
  }
}
