import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { formatDay, formatNumber } from '../../shared/format/money';
import { vehicleName, type QuoteVehicle } from '../../shared/quote/quote-model';
import { claimsHelpLine } from '../mail/claims-help-line';
import { layoutMail } from '../mail/mail-layout';
import { mailTexts } from '../mail/mail-texts';
import { MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';
import { policyChangedMail, policyChangeProposedMail, type ChangeMailInput } from './changes/policy-change-mail';
import { PolicyDocumentsService } from './policy-documents.service';
import {
  budgetMail,
  milesReminderMail,
  paymentFailedMail,
  policyCancelledMail,
  policyPurchasedMail,
  policyReviewMail,
  statementMail,
  type PolicyMailContext,
} from './policy-mail';
import { policyView } from './policy-view';
import type { MailMessage } from '../mail/mail-message';
import type { ChargeRecord } from '../payments/charge.repository';
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
    private readonly users: UsersService,
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

  /** A change applied (issue 16): what and from when, the prorated difference, the new declarations page and ID card attached. */
  changed(policy: PolicyRow, change: ChangeMailInput): Promise<void> {
    return this.send(policy, 'changed', async (context) => {
      const documents = await Promise.all(
        (['declarations', 'id-card'] as const).map((kind) => this.documents.attachment(kind, context.policy, context.locale)),
      );
      return policyChangedMail(context, change, documents);
    });
  }

  /** Staff priced a change for the customer: they review and confirm it on their profile. */
  changeProposed(policy: PolicyRow, change: ChangeMailInput): Promise<void> {
    return this.send(policy, 'change-proposed', async (context) => policyChangeProposedMail(context, change));
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

  /** Staff decided a day the customer disputed: the miles we now count, or that we kept ours, and their note. */
  disputeDecided(
    policy: PolicyRow,
    decided: {
      vehicle: Pick<QuoteVehicle, 'year' | 'make' | 'model'> | null;
      day: string;
      decision: 'accepted' | 'rejected';
      miles: number;
      note: string | null;
    },
  ): Promise<void> {
    return this.send(policy, 'dispute-decided', async ({ to, locale, policy: view, publicUrl, legal }) => {
      const t = mailTexts(locale);
      const values = {
        number: view.number,
        day: formatDay(decided.day, locale),
        car: decided.vehicle ? vehicleName(decided.vehicle) : '',
        miles: formatNumber(decided.miles, locale),
        note: decided.note ?? '',
      };
      const key = `policy.disputeDecided.${decided.decision}`;
      const subject = t(`${key}.subject`, values);
      const insured = view.drivers.find((d) => !d.relationship) ?? view.drivers[0];
      const body = layoutMail({
        locale,
        subject,
        preheader: t(`${key}.preheader`, values),
        greeting: t('policy.greeting', { name: insured.firstName }),
        paragraphs: [t(`${key}.intro`, values), t(`${key}.next`, values), ...(decided.note ? [t('policy.disputeDecided.note', values)] : [])],
        button: { label: t('policy.disputeDecided.button'), href: `${publicUrl}${locale === 'es' ? '/es' : ''}/profile` },
        notes: [claimsHelpLine(locale, publicUrl)],
        signature: t('policy.signature'),
        footer: t('magicLink.footer', legal),
      });
      return { to, subject, ...body };
    });
  }
}
