import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import { StaffEnrolment } from '../agent';
import { UsersService } from '../users';
import { DEMO_ADMINS, DEMO_AGENTS, DEMO_CUSTOMERS, DEMO_EMAILS } from './demo-accounts';
import type { AppConfig } from '../../config/app-config';

/**
 * Local mode (the embedded database) comes with the demo accounts, so a newcomer can sign in
 * as a customer, an agent or an admin. An external database gets them only with SEED_DEMO=true.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly staff: StaffEnrolment,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    for (const admin of DEMO_ADMINS) await this.users.upsert({ ...admin, role: 'admin' });
    for (const agent of DEMO_AGENTS) await this.staff.addAgent(agent);
    for (const customer of DEMO_CUSTOMERS) await this.users.upsert({ ...customer, role: 'customer' });
    this.logger.log(`Demo accounts ready: ${DEMO_EMAILS.join(', ')}`);
  }
}
