import { Injectable } from '@nestjs/common';
import { policyChangedMail, policyChangeProposedMail, type ChangeMailInput } from './changes/policy-change-mail';
import { PolicyDocumentsService } from './policy-documents.service';
import { policyCancelledMail, policyPurchasedMail, policyReviewMail } from './policy-mail';
import { PolicyMailer } from './policy-mailer.service';
import type { ChargeRecord } from '../payments';
import type { CancellationNotice } from './documents/cancellation-notice';
import type { PolicyRow } from './policy.repository';

/** The e-mails a policy sends its customer about the policy itself: bought, to review, changed, cancelled. */
@Injectable()
export class PolicyNotifications {
  constructor(
    private readonly mailer: PolicyMailer,
    private readonly documents: PolicyDocumentsService,
  ) {}

  /** Bound and paid: what was charged, the ID card attached. */
  welcome(policy: PolicyRow, charge: ChargeRecord): Promise<void> {
    return this.mailer.send(policy, 'welcome', async (context) => {
      const idCard = await this.documents.attachment('id-card', context.policy, context.locale);
      return policyPurchasedMail(context, { brand: charge.cardBrand ?? '', last4: charge.cardLast4 ?? '', amountCents: charge.amountCents }, idCard);
    });
  }

  /** Bought by staff: the customer reviews and signs before anything is charged. */
  review(policy: PolicyRow, last4: string): Promise<void> {
    return this.mailer.send(policy, 'review', (context) => policyReviewMail(context, policy.producerName ?? 'Meterly', last4));
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

  /** Cancelled: until when it covers, what the final statement gives back or asks, the cancellation notice attached. */
  cancelled(policy: PolicyRow, notice: CancellationNotice): Promise<void> {
    return this.mailer.send(policy, 'cancelled', async (context) =>
      policyCancelledMail(context, notice.quote, await this.documents.attachment('cancellation-notice', context.policy, context.locale, notice)),
    );
  }
}
