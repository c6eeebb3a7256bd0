import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { MailService } from '../mail';
import { UsersService } from '../users';
import { policyView } from './policy-view';
import type { MailMessage } from '../mail';
import type { PolicyMailContext } from './policy-mail';
import type { PolicyRow } from './policy.repository';

/**
 * Sends an e-mail about a policy to its customer, in the customer's language, through the mail
 * queue: the policy's own (PolicyNotifications), billing's and miles' (BillingNotifications,
 * MilesNotifications) each compose theirs from the context it gives. Mail never undoes what
 * happened: a failure to queue is logged and the policy stands.
 */
@Injectable()
export class PolicyMailer {
  private readonly logger = new Logger(PolicyMailer.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  async send(policy: PolicyRow, kind: string, compose: (context: PolicyMailContext) => MailMessage | Promise<MailMessage>): Promise<void> {
    try {
      const user = (await this.users.findById(policy.userId))!;
      const context = { to: user.email, locale: user.locale, policy: policyView(policy), publicUrl: this.config.publicUrl, legal: this.config.legal };
      await this.mail.queue(await compose(context));
    } catch (error) {
      this.logger.error({ err: error, policy: policy.number, kind }, 'policy mail not queued');
    }
  }
}
