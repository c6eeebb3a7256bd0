import { Injectable } from '@nestjs/common';
import { rejectedCoverages } from '../../shared/quote/coverage-rejections';
import { CoverageRejectionRecords } from '../quote';
import { policyChangedMail, policyChangeProposedMail, type ChangeMailInput } from './changes/policy-change-mail';
import { PolicyDocumentsService } from './policy-documents.service';
import { policyCancelledMail, policyPurchasedMail, policyReviewMail } from './policy-mail';
import { PolicyMailer } from './policy-mailer.service';
import { policyView } from './policy-view';
import { expiredMail, notRenewedMail, renewalDeclinedMail, renewalOfferedMail } from './renewal/renewal-mail';
import type { ChargeRecord } from '../payments';
import type { CancellationNotice } from './documents/cancellation-notice';
import type { PolicyRow } from './policy.repository';

/** The e-mails a policy sends its customer about the policy itself: bought, to review, changed, cancelled. */
@Injectable()
export class PolicyNotifications {
  constructor(
    private readonly mailer: PolicyMailer,
    private readonly documents: PolicyDocumentsService,
    private readonly rejections: CoverageRejectionRecords,
  ) {}

  /** Bound and paid: what was charged, the ID card attached. */
  welcome(policy: PolicyRow, charge: ChargeRecord): Promise<void> {
    return this.mailer.send(policy, 'welcome', async (context) => {
      const idCard = await this.documents.attachment('id-card', context.policy, context.locale);
      return policyPurchasedMail(context, { brand: charge.cardBrand ?? '', last4: charge.cardLast4 ?? '', amountCents: charge.amountCents }, idCard);
    });
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
    return this.mailer.send(policy, 'changed', async (context) => {
      const documents = await Promise.all(
        (['declarations', 'id-card'] as const).map((kind) => this.documents.attachment(kind, context.policy, context.locale)),
      );
      return policyChangedMail(context, change, documents);
    });
  }

  /** Staff priced a change for the customer: they review and confirm it on their profile. */
  changeProposed(policy: PolicyRow, change: ChangeMailInput): Promise<void> {
    return this.mailer.send(policy, 'change-proposed', (context) => policyChangeProposedMail(context, change));
  }

  /** The renewal offered (issue 26): the next term's price, how to decline, its declarations (as of its first day) attached. */
  renewalOffered(policy: PolicyRow, renewed: PolicyRow): Promise<void> {
    return this.mailer.send(policy, 'renewal-offered', async (context) => {
      const renewedView = policyView(renewed);
      return renewalOfferedMail(context, renewedView, await this.documents.attachment('declarations', renewedView, context.locale));
    });
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
    return this.mailer.send(policy, 'cancelled', async (context) =>
      policyCancelledMail(context, notice.quote, await this.documents.attachment('cancellation-notice', context.policy, context.locale, notice)),
    );
  }
}
