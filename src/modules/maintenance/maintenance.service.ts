import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { AUTH_LIMITS, SignInCodes } from '../auth';
import { JobQueue } from '../jobs';
import { RateLimiter } from '../rate-limit';
import { SessionAdmin } from '../session';

/**
 * Housekeeping on a schedule that pg-boss runs on one instance at a time: expired sessions,
 * old revocations, rate-limit hits and sign-in codes.
 */
@Injectable()
export class MaintenanceService implements OnModuleInit {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly sessions: SessionAdmin,
    private readonly limiter: RateLimiter,
    private readonly codes: SignInCodes,
  ) {}

  onModuleInit(): void {
    this.jobs.register('maintenance.prune', () => this.prune(), { retryLimit: 1, cron: '*/10 * * * *' });
  }

  async prune(): Promise<void> {
    const now = this.clock.now();
    await this.sessions.prune(now);
    await this.limiter.prune(AUTH_LIMITS.longestWindowMs);
    await this.codes.prune(now);
    this.logger.log('Pruned expired sessions, rate-limit hits and sign-in codes');
  }
}
