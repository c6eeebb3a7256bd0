import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { MailService } from '../mail/mail.service';
import type { MailMessage } from '../mail/mail-message';
import type { ChargeRecord } from '../payments/charge.repository';
import { UserRepository } from '../users/user.repository';
import { PolicyDocumentsService } from './policy-documents.service';
import { budgetMail, milesReminderMail, paymentFailedMail, policyCancelledMail, policyPurchasedMail, policyReviewMail, statementMail, type PolicyMailContext } from './policy-mail';
import { policyView } from './policy-view';
import type { PolicyRow } from './policy.repository';

/**
 * The e-mails a policy sends its customer, in the customer's language, through the mail queue.
 * Mail never undoes what happened: a failure to queue is logged and the policy stands.
 */
@Injectable()
export class PolicyNotifications {
  private readonly logger = new Logger(PolicyNotifications.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly mail: MailService,
    private readonly documents: PolicyDocumentsService,
  ) {}

  /** Bound and paid: what was charged, the ID card attached. */
  welcome(policy: PolicyRow, charge: ChargeRecord): Promise<void> {
    return this.send(policy, 'welcome', async (context) => {
      const idCard = await this.documents.attachment('id-card', context.policy, context.locale);
      return policyPurchasedMail(context, { brand: charge.cardBrand ?? '', last4: charge.cardLast4 ?? '', amountCents: charge.amountCents }, idCard);
    });
  }

  /** Bought by staff: the customer reviews and signs before anything is charged. */
  review(policy: PolicyRow, last4: string): Promise<void> {
    return this.send(policy, 'review', async (context) => policyReviewMail(context, policy.producerName ?? 'Meterly', last4));
  }

  cancelled(policy: PolicyRow): Promise<void> {
    return this.send(policy, 'cancelled', async (context) => policyCancelledMail(context));
  }

  /** A month's statement, charged: every line, the total, the card. */
  statement(policy: PolicyRow, statement: Parameters<typeof statementMail>[1]): Promise<void> {
    return this.send(policy, 'statement', async (context) => statementMail(context, statement));
  }

  /** A statement's charge declined: when we try again, or that we stopped. */
  paymentFailed(policy: PolicyRow, failed: Parameters<typeof paymentFailedMail>[1]): Promise<void> {
    return this.send(policy, 'payment-failed', async (context) => paymentFailedMail(context, failed));
  }

  /** The customer's own mileage budget, nearly used. */
  budget(policy: PolicyRow, budget: Parameters<typeof budgetMail>[1]): Promise<void> {
    return this.send(policy, 'budget', async (context) => budgetMail(context, budget));
  }

  /** No trip and no reading for a while: a reminder to send a reading. */
  milesReminder(policy: PolicyRow, quiet: Parameters<typeof milesReminderMail>[1]): Promise<void> {
    return this.send(policy, 'miles-reminder', async (context) => milesReminderMail(context, quiet));
  }

  private async send(policy: PolicyRow, kind: string, compose: (context: PolicyMailContext) => Promise<MailMessage>): Promise<void> {
    try {
      const user = (await this.users.findById(policy.userId))!;
      const context = { to: user.email, locale: user.locale, policy: policyView(policy), publicUrl: this.config.publicUrl, legal: this.config.legal };
      await this.mail.queue(await compose(context));
    } catch (error) {
      this.logger.error({ err: error, policy: policy.number, kind }, 'policy mail not queued');
    }
  }
}
