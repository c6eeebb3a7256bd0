import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { stateDay } from '../../shared/dates/state-day';
import { nonPaymentCancellationDay } from '../../shared/policy/non-payment';
import { PolicyRecords, type PolicyRow } from '../policy';
import { BillingNotifications } from './billing-notifications.service';
import { StatementRepository } from './statement.repository';

/**
 * Missed payments (issue 26). When a statement's last retry is declined, the customer is sent a
 * notice of cancellation for non-payment: cover ends after the state's notice period unless the
 * balance is paid first (on My account, or by a retry after a new card). The day comes with the
 * balance unpaid: the policy is cancelled for non-payment, with its e-mail. Run daily by billing's
 * job, after the billing run; each step under the policy's lock, so a payment racing the cancellation has one
 * outcome.
 */
@Injectable()
export class NonPaymentService {
  private readonly logger = new Logger(NonPaymentService.name);

  constructor(
    private readonly clock: Clock,
    private readonly policies: PolicyRecords,
    private readonly statements: StatementRepository,
    private readonly notify: BillingNotifications,
  ) {}

  /** What the customer owes now: every statement whose charge failed. */
  async balanceCents(policyId: string): Promise<number> {
    return (await this.statements.listForPolicy(policyId)).filter((s) => s.status === 'failed').reduce((sum, s) => sum + s.totalCents, 0);
  }

  /** What is not settled yet: owed (failed) and being charged or due now (another request may be paying it). */
  async unsettled(policyId: string): Promise<{ failedCents: number; pendingCents: number }> {
    const statements = (await this.statements.listForPolicy(policyId)).filter((s) => s.totalCents > 0);
    const sum = (statuses: string[]) => statements.filter((s) => statuses.includes(s.status)).reduce((total, s) => total + s.totalCents, 0);
    return { failedCents: sum(['failed']), pendingCents: sum(['charging', 'due']) };
  }

  /** The last retry was declined: the notice, if none stands. */
  async notice(policy: PolicyRow): Promise<void> {
    const day = nonPaymentCancellationDay(stateDay(this.clock.now(), policy.state), policy.state);
    const noticed = await this.policies.noticeNonPayment(policy.id, day);
    if (noticed) await this.notify.nonPaymentNotice(noticed, { amountCents: await this.balanceCents(policy.id), cancelsOn: day });
  }

  /** A charge went through: with nothing left owing, the notice is withdrawn. */
  async settled(policy: PolicyRow): Promise<void> {
    if ((await this.balanceCents(policy.id)) === 0 && (await this.policies.paidInFull(policy.id))) await this.notify.nonPaymentWithdrawn(policy);
  }

  /** Notices whose day has come: cancelled for non-payment if still owing, withdrawn if paid meanwhile. */
  async run(): Promise<{ cancelled: string[] }> {
    const cancelled: string[] = [];
    for (const due of await this.policies.lapsesDue()) {
      try {
        if ((await this.balanceCents(due.policyId)) === 0) {
          await this.policies.paidInFull(due.policyId);
          continue;
        }
        const policy = await this.policies.cancelForNonPayment(due.policyId, due.day);
        if (!policy) continue;
        cancelled.push(policy.number);
        await this.notify.cancelledForNonPayment(policy, { amountCents: await this.balanceCents(policy.id) });
      } catch (error) {
        this.logger.error({ err: error, policy: due.policyId }, 'non-payment step failed');
      }
    }
    return { cancelled };
  }
}
