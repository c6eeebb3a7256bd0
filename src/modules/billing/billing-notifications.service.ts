import { Injectable } from '@nestjs/common';
import { PolicyMailer } from '../policy';
import {
  budgetMail,
  cancelledForNonPaymentMail,
  nonPaymentNoticeMail,
  nonPaymentWithdrawnMail,
  paymentFailedMail,
  reinstatedMail,
  statementMail,
} from './billing-mail';
import type { PolicyRow } from '../policy';

/** The e-mails billing sends a policy's customer: a statement, a declined charge, a budget nearly used. */
@Injectable()
export class BillingNotifications {
  constructor(private readonly mailer: PolicyMailer) {}

  /** A month's statement, charged: every line, the total, the card. */
  statement(policy: PolicyRow, statement: Parameters<typeof statementMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'statement', (context) => statementMail(context, statement));
  }

  /** A statement's charge declined: when we try again, or that we stopped. */
  paymentFailed(policy: PolicyRow, failed: Parameters<typeof paymentFailedMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'payment-failed', (context) => paymentFailedMail(context, failed));
  }

  /** The customer's own mileage budget, nearly used. */
  budget(policy: PolicyRow, budget: Parameters<typeof budgetMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'budget', (context) => budgetMail(context, budget));
  }

  /** The notice of cancellation for non-payment (issue 26). */
  nonPaymentNotice(policy: PolicyRow, notice: Parameters<typeof nonPaymentNoticeMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'non-payment-notice', (context) => nonPaymentNoticeMail(context, notice));
  }

  nonPaymentWithdrawn(policy: PolicyRow): Promise<void> {
    return this.mailer.send(policy, 'non-payment-withdrawn', nonPaymentWithdrawnMail);
  }

  cancelledForNonPayment(policy: PolicyRow, owed: Parameters<typeof cancelledForNonPaymentMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'cancelled-non-payment', (context) => cancelledForNonPaymentMail(context, owed));
  }

  reinstated(policy: PolicyRow, reinstated: Parameters<typeof reinstatedMail>[1]): Promise<void> {
    return this.mailer.send(policy, 'reinstated', (context) => reinstatedMail(context, reinstated));
  }
}
