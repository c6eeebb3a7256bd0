import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { DomainException } from '../../common/errors/domain-exception';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { clientIp } from '../../common/http/client-ip';
import { trackingAllowed } from '../../shared/consent';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsUpstream } from './analytics-upstream';
import type { AnalyticsAcceptedDto, AnalyticsBatchDto } from './analytics.dto';

const BATCHES_PER_MINUTE = 120;

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

  async accept(req: Request, batch: AnalyticsBatchDto): Promise<AnalyticsAcceptedDto> {
    if (!trackingAllowed(req.headers.cookie)) {
      throw new DomainException('CONSENT_REQUIRED', 'Analytics events are accepted only from a browser that allows performance cookies.', HttpStatus.FORBIDDEN);
    }
    // Postgres text cannot hold NUL, and no real event has one.
    if (JSON.stringify(req.body).includes('\\u0000')) {
      throw new DomainException('BAD_REQUEST', 'The batch contains a NUL character.', HttpStatus.BAD_REQUEST);
    }
    const limit = await this.limiter.hit([{ bucket: `analytics:ip:${clientIp(req)}`, limit: BATCHES_PER_MINUTE, windowMs: 60_000 }]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, 'Too many analytics batches from this address.');
    if (!this.upstream.configured) {
      await this.events.insertBatch(batch.batch, batch.sentAt);
      return { received: batch.batch.length, delivery: 'stored' };
    }
    // Forwarded as received, so the service gets the client's batch intact.
    if (!(await this.upstream.forward(req.body))) {
      this.logger.warn({ events: batch.batch.length }, 'The analytics service did not take a batch');
      throw new DomainException('UPSTREAM_FAILED', 'The analytics service could not be reached. Try again later.', HttpStatus.BAD_GATEWAY);
    }
    return { received: batch.batch.length, delivery: 'forwarded' };
  }
}
