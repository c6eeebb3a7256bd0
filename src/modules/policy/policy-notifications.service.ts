import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { rejectedCoverages } from '../../shared/quote/coverage-rejections';
import { MailService } from '../mail';
import { CoverageRejectionRecords } from '../quote';
import { policyChangedMail, policyChangeProposedMail, type ChangeMailInput } from './changes/policy-change-mail';
import { PolicyDocumentsService } from './policy-documents.service';
import { policyCancelledMail, policyPurchasedMail, policyReviewMail } from './policy-mail';
import { POLICY_MAIL_RENDERER, PolicyMailer, type LaterPolicyMail } from './policy-mailer.service';
import { policyView } from './policy-view';
import { expiredMail, notRenewedMail, renewalDeclinedMail, renewalOfferedMail } from './renewal/renewal-mail';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { MailMessage } from '../mail';
import type { ChargeRecord } from '../payments';
import type { CancellationNotice } from './documents/cancellation-notice';
import type { PolicyMailContext } from './policy-mail';
import type { PolicyRow } from './policy.repository';

type Charged = { brand: string; last4: string; amountCents: number };

/**
 * The e-mails a policy sends its customer about the policy itself: bought, to review, changed,
 * cancelled. Those with documents attached are written in the mail job (PolicyMailer.sendLater),
 * from the policy as the request saw it: the request that queues them pays for one insert.
 */
@Injectable()
export class PolicyNotifications implements OnModuleInit {
  /** The mails written in the job, by kind: each from its context, the moment it was queued and its (JSON) input. */
  private readonly later: Record<string, (context: PolicyMailContext, at: Date, input: never) => Promise<MailMessage>> = {
    welcome: async (context, at, charged: Charged) =>
      policyPurchasedMail(context, charged, await this.documents.attachment('id-card', context.policy, context.locale, undefined, at)),
    changed: async (context, at, change: ChangeMailInput) => {
      const documents = await Promise.all(
        (['declarations', 'id-card'] as const).map((kind) => this.documents.attachment(kind, context.policy, context.locale, undefined, at)),
      );
      return policyChangedMail(context, change, documents);
    },
    'renewal-offered': async (context, at, renewed: PolicyView) =>
      renewalOfferedMail(context, renewed, await this.documents.attachment('declarations', renewed, context.locale, undefined, at)),
    cancelled: async (context, at, notice: CancellationNotice) =>
      policyCancelledMail(context, notice.quote, await this.documents.attachment('cancellation-notice', context.policy, context.locale, notice, at)),
  };

  constructor(
    private readonly mailer: PolicyMailer,
    private readonly documents: PolicyDocumentsService,
    private readonly rejections: CoverageRejectionRecords,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.mail.registerRenderer<LaterPolicyMail>(POLICY_MAIL_RENDERER, async ({ kind, userId, policy, at, input }) => {
      const write = this.later[kind];
      if (!write) throw new Error(`No policy mail of kind "${kind}" to write.`);
      return write(await this.mailer.context(policy, userId), new Date(at), input as never);
    });
  }

  /** Bound and paid: what was charged, the ID card attached. */
  welcome(policy: PolicyRow, charge: ChargeRecord): Promise<void> {
    const charged: Charged = { brand: charge.cardBrand ?? '', last4: charge.cardLast4 ?? '', amountCents: charge.amountCents };
    return this.mailer.sendLater(policy, 'welcome', charged, this.clock.now());
  }

  /** Bought by staff: the customer reviews and signs before anything is charged. */
  async review(policy: PolicyRow, last4: string): Promise<void> {
    // The rejections the customer has still to sign: all of a staff sale's (issue 26).
    const toSign = rejectedCoverages(policy.coverage).length
      ? (await this.rejections.forQuote(policy.quoteId, policy.coverage, policy.createdAt)).filter((r) => !r.signedAt).map((r) => r.coverage)
      : [];
    return this.mailer.send(policy, 'review', (context) => policyReviewMail(context, policy.producerName ?? 'Meterly', last4, toSign));
  }

  /** A change applied (issue 16): what and from when, the prorated difference, the new declarations page and ID card attached. */
  changed(policy: PolicyRow, change: ChangeMailInput): Promise<void> {
    return this.mailer.sendLater(policy, 'changed', change, this.clock.now());
  }

  /** Staff priced a change for the customer: they review and confirm it on their profile. */
  changeProposed(policy: PolicyRow, change: ChangeMailInput): Promise<void> {
    return this.mailer.send(policy, 'change-proposed', (context) => policyChangeProposedMail(context, change));
  }

  /** The renewal offered (issue 26): the next term's price, how to decline, its declarations (as of its first day) attached. */
  renewalOffered(policy: PolicyRow, renewed: PolicyRow): Promise<void> {
    return this.mailer.sendLater(policy, 'renewal-offered', policyView(renewed), this.clock.now());
  }

  renewalDeclined(policy: PolicyRow): Promise<void> {
    return this.mailer.send(policy, 'renewal-declined', renewalDeclinedMail);
  }

  notRenewed(policy: PolicyRow): Promise<void> {
    return this.mailer.send(policy, 'not-renewed', notRenewedMail);
  }

  expired(policy: PolicyRow): Promise<void> {
    return this.mailer.send(policy, 'expired', expiredMail);
  }

  /** Cancelled: until when it covers, what the final statement gives back or asks, the cancellation notice attached. */
  cancelled(policy: PolicyRow, notice: CancellationNotice): Promise<void> {
    return this.mailer.sendLater(policy, 'cancelled', notice, this.clock.now());
  }
}
