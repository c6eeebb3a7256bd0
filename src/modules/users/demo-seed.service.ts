import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { UserRepository } from './user.repository';

/**
 * Local mode (the embedded database) comes with the demo accounts, so a newcomer can sign in
 * as a customer, an agent or an admin. An external database gets them only with SEED_DEMO=true.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UserRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    for (const account of DEMO_ACCOUNTS) await this.users.upsert(account);
    this.logger.log(`Demo accounts ready: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
  }
}
