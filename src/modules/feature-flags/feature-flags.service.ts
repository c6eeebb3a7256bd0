import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { FeatureFlagsRepository } from './feature-flags.repository';
import type { FeatureFlags } from '../../shared/app-state';

/** How often each instance reads the table again: a change reaches every page within this. */
export const FLAGS_REFRESH_MS = 30_000;

/**
 * Flags from Postgres when no flag vendor is configured, bootstrapped into every page so the
 * first paint uses them. They are the same for every visitor, so open pages may still be
 * rendered once: the page cache starts over whenever the flags change (see `version`).
 * While the table cannot be read, the last flags read stay in force.
 */
@Injectable()
export class FeatureFlagsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FeatureFlagsService.name);
  private flags: FeatureFlags = {};
  private serialized = '{}';
  private timer?: NodeJS.Timeout;

  constructor(private readonly repository: FeatureFlagsRepository) {}

  /** After the migrations (which run when the database module boots). */
  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), FLAGS_REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The flags in force. */
  current(): FeatureFlags {
    return this.flags;
  }

  /** Changes whenever the flags do. */
  get version(): string {
    return this.serialized;
  }

  async refresh(): Promise<void> {
    try {
      const flags = await this.repository.all();
      this.serialized = JSON.stringify(flags);
      this.flags = flags;
    } catch (error) {
      this.logger.warn({ err: { type: (error as Error).name, message: (error as Error).message } }, 'Could not read the feature flags; keeping the last ones');
    }
  }
}
