import { Module } from '@nestjs/common';
import { SessionModule } from '../session';
import { MetricsService } from './metrics.service';

/** The operators' metrics (GET /metrics, installed in front of the routes by metricsEndpoint). */
@Module({ imports: [SessionModule], providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
