import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { MailService } from '../mail';
import { UsersService } from '../users';
import { policyView } from './policy-view';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { MailMessage } from '../mail';
import type { PolicyMailContext } from './policy-mail';
import type { PolicyRow } from './policy.repository';

/** What a policy mail written in the mail job carries through the queue (sealed): the facts as the request saw them. */
export interface LaterPolicyMail<T = unknown> {
  kind: string;
  userId: string;
  /** The policy as it stood when the mail was queued: a change a second later does not alter this mail's documents. */
  policy: PolicyView;
  /** ISO moment the mail was queued: the documents are issued on its day in the policy's state. */
  at: string;
  input: T;
}

/** The renderer (MailService.registerRenderer) that writes policy mail in the mail job; PolicyNotifications registers it. */
export const POLICY_MAIL_RENDERER = 'policy';

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
      await this.mail.queue(await compose(await this.context(policyView(policy), policy.userId)));
    } catch (error) {
      this.logger.error({ err: error, policy: policy.number, kind }, 'policy mail not queued');
    }
  }

  /**
   * Queues a mail written later, in the mail job (one insert here): for mail with documents
   * attached, whose PDFs cost a request tens of milliseconds (issue 29). The customer's address
   * and language are read when it is written, as for any mail the job sends.
   */
  async sendLater<T>(policy: PolicyRow, kind: string, input: T, at: Date): Promise<void> {
    try {
      const later: LaterPolicyMail<T> = { kind, userId: policy.userId, policy: policyView(policy), at: at.toISOString(), input };
      await this.mail.queueRendered(POLICY_MAIL_RENDERER, later);
    } catch (error) {
      this.logger.error({ err: error, policy: policy.number, kind }, 'policy mail not queued');
    }
  }

  /** Whom a mail about `policy` goes to, in which language, with the links and legal names it prints. */
  async context(policy: PolicyView, userId: string): Promise<PolicyMailContext> {
    const user = await this.users.findById(userId);
    if (!user) throw new Error('The policy mail has no customer to go to.');
    return { to: user.email, locale: user.locale, policy, publicUrl: this.config.publicUrl, legal: this.config.legal };
  }
}
