import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit';
import { AnalyticsErasure } from './analytics-erasure';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsUpstream } from './analytics-upstream';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** The analytics proxy under /api/a: forwards to ANALYTICS_UPSTREAM_URL or stores in Postgres. */
@Module({
  imports: [RateLimitModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, AnalyticsEventRepository, AnalyticsUpstream, AnalyticsErasure],
  exports: [AnalyticsErasure],
})
export class AnalyticsModule {}
