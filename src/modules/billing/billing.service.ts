import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { baseRateFor, billingPeriod, chooseBillingDay, periodContaining, type BillingSchedule } from '../../shared/billing/billing-periods';
import { cancellationFigures, type CancellationQuote } from '../../shared/billing/cancellation-quote';
import { flatRateYardstick, type FlatRateYardstick } from '../../shared/billing/flat-rate-yardstick';
import { coveredParts, lapseDays, lapsesWithin } from '../../shared/billing/lapse-days';
import { mostThesePeriodLinesCanCostCents } from '../../shared/billing/monthly-maximum';
import { termsOn, termStretches, type TermsChange } from '../../shared/billing/terms-timeline';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { stateDay } from '../../shared/dates/state-day';
import { billableMiles } from '../../shared/miles/billable-miles';
import { FINAL_MILES_DAYS, type PolicyVehicle } from '../../shared/policy/policy-model';
import { finalStatementWaitDays } from '../../shared/policy/reinstatement';
import { JobQueue } from '../jobs';
import { MilesNotifications, MilesService } from '../miles';
import { failedForGood, PaymentException, PaymentsService, refusalReason } from '../payments';
import { CancellationFigures, PolicyErrorCode, PolicyException, PolicyRecords, RenewalService } from '../policy';
import { billedSavings } from './billed-savings';
import { BillingNotifications } from './billing-notifications.service';
import { BillingSettingsRepository } from './billing-settings.repository';
import { BUDGET_ALERT_SHARE, billingSummary, flatMonthlyCents, type BillingSummary } from './billing-summary';
import { NonPaymentService } from './non-payment.service';
import { periodBill } from './period-bill';
import { statementLines, totalOf, type MileageAdjustment, type StatementLine } from './statement-lines';
import { StatementRepository, type RefundedCreditRow, type StatementPeriodRow, type StatementRow } from './statement.repository';
import type { PolicyRow } from '../policy';

export const STATEMENT = 'monthly-statement';
/** After a decline: try again 1, 3 and 7 days later, then stop and wait for a new card. */
const RETRY_DAYS = [1, 3, 7];

export interface PlannedStatement {
  policyNumber: string;
  periodIndex: number;
  from: string;
  to: string;
  lines: StatementLine[];
  totalCents: number;
  /** The disputes whose corrected days it adjusts. */
  adjustedDisputeIds: string[];
}

export interface BillingReport {
  made: PlannedStatement[];
  charged: number;
  failed: number;
  refunded: number;
}

/** The summary of a cancelled policy says where its final statement stands. */
export interface PolicySummary extends BillingSummary {
  /** The period's days cut where a policy change took effect, each with its cars (the bill's lines name them by place). */
  stretches: { from: string; to: string; vehicles: Pick<PolicyVehicle, 'year' | 'make' | 'model'>[] }[];
  final?: {
    /** The last day covered, and the day the final statement is made (after the late miles). */
    lastDay: string;
    statementDate: string;
    /** Late trips, a final reading and disputes are still taken. */
    takesMiles: boolean;
    /** The final statement is paid, or its credit refunded (or nothing was owed either way). */
    settled: boolean;
  };
}

/** Nothing left to pay or to give back. */
const isSettled = (statement: StatementRow) =>
  statement.status === 'paid' || statement.status === 'refunded' || (statement.status === 'credit' && statement.totalCents === 0);

const scheduleOf = (policy: PolicyRow): BillingSchedule => ({ effectiveDate: policy.effectiveDate, billingAnchors: policy.billingAnchors });
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Monthly statements: each bound policy's ended periods closed into a statement once (miles
 * billed after the fact, the next base rate ahead), then charged to the saved card. Run daily by
 * the job queue on one instance at a time, and by operators with `npm run billing`.
 */
@Injectable()
export class BillingService implements OnModuleInit {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly statements: StatementRepository,
    private readonly settings: BillingSettingsRepository,
    private readonly policies: PolicyRecords,
    private readonly miles: MilesService,
    private readonly payments: PaymentsService,
    private readonly notify: BillingNotifications,
    private readonly milesMail: MilesNotifications,
    private readonly figures: CancellationFigures,
    private readonly nonPayment: NonPaymentService,
    private readonly renewals: RenewalService,
  ) {}

  onModuleInit(): void {
    this.figures.provide((policy, date) => this.cancellationQuote(policy, date));
    // The day's work on policies, in order: close and charge periods, then the notices and
    // cancellations for non-payment, then renewals. One queue (each costs every start-up its set-up).
    this.jobs.register('billing.run', async () => void (await this.daily()), { cron: '15 9 * * *', retryLimit: 2 });
  }

  /** The daily job: each step's failure is logged and leaves the next step to run. */
  private async daily(): Promise<void> {
    const steps: [string, () => Promise<unknown>][] = [
      ['billing', () => this.run({})],
      ['non-payment', () => this.nonPayment.run()],
      ['renewals', () => this.renewals.run()],
    ];
    const failed: string[] = [];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        this.logger.error({ err: error, step: name }, 'daily step failed');
        failed.push(name);
      }
    }
    // The job is retried (retryLimit) when a step failed: each step is idempotent.
    if (failed.length) throw new Error(`daily steps failed: ${failed.join(', ')}`);
  }

  /**
   * Closes every period that has ended (only those ending in `month`, when named), then charges
   * what is due. `dryRun` answers what it would bill and writes nothing.
   */
  async run(options: { month?: string; dryRun?: boolean }): Promise<BillingReport> {
    const report: BillingReport = { made: [], charged: 0, failed: 0, refunded: 0 };
    for (const policy of await this.policies.listBillable()) {
      const { id } = policy;
      const today = stateDay(this.clock.now(), policy.state);
      for (let index = (await this.statements.lastPeriod(id)) + 1; ; index++) {
        const period = billingPeriod(scheduleOf(policy), index);
        const cancelledOn = policy.cancellationDate ?? undefined;
        if (cancelledOn !== undefined && period.start > cancelledOn) break;
        const lastDay = cancelledOn !== undefined && cancelledOn < period.end ? cancelledOn : period.end;
        // A period is billed the day after its last day, when its miles are in; a cancelled
        // policy's last period a few days later, after its late trips and final reading (after
        // the reinstatement window, for a cancellation for non-payment).
        const closesAfter = lastDay === cancelledOn ? addDays(lastDay, finalStatementWaitDays(policy.cancellationReason)) : lastDay;
        if (closesAfter >= today) break;
        if (options.month && !lastDay.startsWith(options.month)) continue;
        const planned = await this.plan(policy, index, lastDay);
        report.made.push(planned);
        if (!options.dryRun)
          await this.statements.createOnce(
            { policyId: id, periodIndex: index, periodStart: period.start, periodEnd: lastDay, lines: planned.lines, totalCents: planned.totalCents },
            (row) => this.miles.markDisputesAdjusted(row.id, planned.adjustedDisputeIds),
          );
        if (lastDay !== period.end) break;
      }
    }
    if (options.dryRun) return report;
    await this.warnNearBudgets();
    await this.remindMissingMiles();
    for (const statementId of await this.statements.toCharge()) {
      const outcome = await this.charge(statementId);
      if (outcome === 'paid') report.charged++;
      if (outcome === 'failed') report.failed++;
    }
    report.refunded = await this.refundCredits();
    return report;
  }

  private async plan(policy: PolicyRow, index: number, lastDay: string): Promise<PlannedStatement> {
    const period = billingPeriod(scheduleOf(policy), index);
    const priced = await this.periodPriced(policy, await this.policies.appliedChanges(policy.id), index, lastDay, lastDay);
    const corrections = (await this.statements.corrections(policy.id)).filter((c) => c.day < period.start);
    const adjustments: MileageAdjustment[] = corrections
      .map((c) => ({ vehicleIndex: c.vehicleIndex, day: c.day, miles: round2(billableMiles(c.resolvedMiles) - c.previousBillableMiles) }))
      .filter((a) => a.miles !== 0);
    const lines = statementLines({ ...priced, adjustments });
    return {
      policyNumber: policy.number,
      periodIndex: index,
      from: period.start,
      to: lastDay,
      lines,
      totalCents: totalOf(lines),
      adjustedDisputeIds: corrections.map((c) => c.id),
    };
  }

  /**
   * What the statement closing period `index` prices (issue 16: changes count from their dates):
   * the days to `lastDay` cut where each change took effect, each stretch with its cars and their
   * billable miles to `milesThrough` (the last day, or today while the period runs), each change's
   * base rates, the base rate paid ahead for the period and the next period's (the one in force on
   * the period's last day). The statement and the profile's bill so far both price this.
   */
  private async periodPriced(policy: PolicyRow, changes: TermsChange[], index: number, lastDay: string, milesThrough: string) {
    const period = billingPeriod(scheduleOf(policy), index);
    const current = { baseRateCents: policy.baseRateCents, vehicles: policy.vehicles };
    // Days without cover (a lapse a reinstatement ended) bill no miles and give their base rate back.
    const lapses = lapseDays(await this.policies.coverGaps(policy.id));
    const stretches = await Promise.all(
      coveredParts(termStretches(current, changes, period.start, lastDay), lapses).map(async ({ from, to, terms }) => ({
        from,
        to,
        vehicles: terms.vehicles,
        billableMiles:
          from > milesThrough
            ? terms.vehicles.map(() => 0)
            : await this.miles.billableMilesFor({ ...policy, vehicles: terms.vehicles }, from, to < milesThrough ? to : milesThrough),
      })),
    );
    return {
      schedule: scheduleOf(policy),
      index,
      cancellationDate: policy.cancellationDate ?? undefined,
      baseRateCents: termsOn(current, changes, period.end).baseRateCents,
      paidBaseRateCents: termsOn(current, changes, addDays(period.start, -1)).baseRateCents,
      vehicles: policy.vehicles,
      billableMiles: stretches[0]?.billableMiles ?? policy.vehicles.map(() => 0),
      stretches,
      lapses: lapsesWithin(lapses, period.start, lastDay).map((lapse) => ({ ...lapse, baseRateCents: termsOn(current, changes, lapse.from).baseRateCents })),
      changes: changes
        .filter((c) => c.effectiveDate >= period.start && c.effectiveDate <= lastDay)
        .map((c) => ({ effectiveDate: c.effectiveDate, beforeCents: c.before.baseRateCents, afterCents: c.after.baseRateCents })),
      vehiclesOn: (day: string) => termsOn(current, changes, day).vehicles,
    };
  }

  /**
   * What cancelling on `date` comes to: the final statement closing the period that day ends,
   * planned exactly as the run will plan it (`plan`), with the miles in so far; once that final
   * statement is made, its own lines. The dialog, the e-mail and the notice all say this figure.
   * Undefined when nothing will be billed (a day before the policy starts).
   */
  async cancellationQuote(policy: PolicyRow, date: string): Promise<CancellationQuote | undefined> {
    if (date < policy.effectiveDate) return undefined;
    const period = periodContaining(scheduleOf(policy), date);
    const made =
      policy.cancellationDate === date
        ? (await this.statements.listForPolicy(policy.id)).find((s) => s.periodIndex === period.index && s.periodEnd === date)
        : undefined;
    const lines = made ? made.lines : (await this.plan({ ...policy, cancellationDate: date }, period.index, date)).lines;
    return { date, from: period.start, to: date, ...cancellationFigures(lines), lines, basis: made ? 'final' : 'quote' };
  }

  /**
   * "Pay now" on My account (issue 26): every statement whose charge failed is charged at once to
   * the current card, whatever its retry schedule. Paid in full, a notice of cancellation for
   * non-payment is withdrawn. Answers what is still owed.
   */
  async payBalance(policy: PolicyRow): Promise<{ balanceCents: number }> {
    for (const failed of (await this.statements.listForPolicy(policy.id)).filter((s) => s.status === 'failed')) {
      await this.statements.dueNow(failed.id);
      await this.charge(failed.id);
    }
    return { balanceCents: await this.nonPayment.balanceCents(policy.id) };
  }

  /** Charges one statement, if this instance gets it; the attempt is in the key, so a decline can be retried. */
  async charge(statementId: string): Promise<'paid' | 'failed' | 'pending' | 'skipped'> {
    const statement = await this.statements.claim(statementId);
    if (!statement) return 'skipped';
    const policy = (await this.policies.findById(statement.policyId))!;
    let outcome;
    try {
      outcome = await this.payments.chargeSavedMethod({
        idempotencyKey: `statement:${statement.id}:${statement.attempts}`,
        userId: policy.userId,
        amountCents: statement.totalCents,
        description: `Meterly ${policy.number} ${statement.periodStart}`,
        purpose: STATEMENT,
        reference: statement.id,
      });
    } catch (error) {
      if (!(error instanceof PaymentException)) throw error;
      return this.declined(statement, policy, error.code.toLowerCase());
    }
    if (outcome.status === 'succeeded') {
      await this.statements.markPaid(statement.id, outcome.charge.id);
      await this.nonPayment.settled(policy);
      await this.notify.statement(policy, {
        from: statement.periodStart,
        to: statement.periodEnd,
        totalCents: statement.totalCents,
        last4: outcome.charge.cardLast4 ?? '',
        lines: statement.lines,
      });
      return 'paid';
    }
    // Failed for good (charge-outcome.ts), whether declined or a final error: a failed attempt, a
    // new key on the retry schedule, and the customer told (left "charging", the same key would
    // answer the same refusal forever). The statement keeps the gateway's own code of an error.
    if (failedForGood(outcome))
      return this.declined(statement, policy, outcome.status === 'error' ? (outcome.charge.providerCode ?? 'processing_error') : refusalReason(outcome));
    // Unknown or still processing: left charging; the same key is asked again by a later run.
    return 'pending';
  }

  private async declined(statement: StatementRow, policy: PolicyRow, reason: string): Promise<'failed'> {
    const wait = RETRY_DAYS[statement.attempts - 1];
    const next = wait === undefined ? null : new Date(this.clock.now().getTime() + wait * 86_400_000);
    await this.statements.markFailed(statement.id, reason, next);
    // The last retry declined: the notice of cancellation for non-payment (issue 26).
    if (!next) await this.nonPayment.notice(policy);
    await this.notify.paymentFailed(policy, {
      from: statement.periodStart,
      to: statement.periodEnd,
      totalCents: statement.totalCents,
      nextAttempt: next ? stateDay(next, policy.state) : null,
    });
    return 'failed';
  }

  /**
   * Where the current period stands for the customer: so far, the forecast, a flat rate against
   * the last billed period, the budget, quiet days. After a cancellation, the period it ends (to
   * the last day covered) and the final statement, until that statement is settled.
   */
  async summary(policy: PolicyRow): Promise<PolicySummary> {
    // The policy's own day: its miles and periods are counted in its state's days, not UTC's.
    const today = stateDay(this.clock.now(), policy.state);
    const lastDay = policy.cancellationDate;
    const running = periodContaining(scheduleOf(policy), lastDay && today > lastDay ? lastDay : today);
    const period = lastDay && lastDay < running.end ? { ...running, end: lastDay, days: daysInclusive(running.start, lastDay) } : running;
    const until = today < period.start ? period.start : today > period.end ? period.end : today;
    const changes = await this.policies.appliedChanges(policy.id);
    const priced = await this.periodPriced(policy, changes, running.index, period.end, until);
    const bill = periodBill({ ...priced, milesThrough: until, statedMilesPerMonth: policy.statedMilesPerMonth });
    const lastMilesAt = await this.miles.lastMilesAt(policy);
    const lastMilesDay = lastMilesAt ? stateDay(lastMilesAt, policy.state) : policy.effectiveDate;
    const statements = await this.statements.listForPolicy(policy.id);
    const yardstick = flatRateYardstick(policy.state, policy.coverage);
    const summary: PolicySummary = {
      ...billingSummary({
        today,
        period,
        monthlyBaseCents: policy.baseRateCents,
        yardstick,
        billingDay: policy.billingDay,
        vehicles: policy.vehicles,
        bill,
        budgetMiles: policy.mileBudget,
        quietSince: lastMilesDay > policy.effectiveDate ? lastMilesDay : policy.effectiveDate,
        lastBilled: yardstick && statements[0] ? this.billedSavings(policy, changes, statements[0], yardstick) : undefined,
      }),
      stretches: priced.stretches.map(({ from, to, vehicles }) => ({ from, to, vehicles: vehicles.map(({ year, make, model }) => ({ year, make, model })) })),
    };
    if (!lastDay) return summary;
    const statement = statements.find((s) => s.periodEnd === lastDay);
    const statementDate = addDays(lastDay, finalStatementWaitDays(policy.cancellationReason) + 1);
    return {
      ...summary,
      nextStatementDate: statementDate,
      final: {
        lastDay,
        statementDate,
        takesMiles: today <= addDays(lastDay, FINAL_MILES_DAYS),
        settled: statement !== undefined && isSettled(statement),
      },
    };
  }

  /** A billed period against the flat rate: its base rate as paid ahead, and a flat rate for the cars it ended with. */
  private billedSavings(policy: PolicyRow, changes: TermsChange[], statement: StatementRow, yardstick: FlatRateYardstick) {
    const period = billingPeriod(scheduleOf(policy), statement.periodIndex);
    const current = { baseRateCents: policy.baseRateCents, vehicles: policy.vehicles };
    const ended = termsOn(current, changes, statement.periodEnd);
    return billedSavings({
      period,
      lastDay: statement.periodEnd,
      monthlyBaseCents: termsOn(current, changes, addDays(period.start, -1)).baseRateCents,
      flatMonthlyCents: flatMonthlyCents(yardstick, ended.vehicles.length),
      lines: statement.lines,
    });
  }

  /**
   * The customer's billing day: the period running now (paid ahead) keeps its end, the next
   * runs to the chosen day with its base rate prorated, and months run from that day on.
   */
  async setBillingDay(policy: PolicyRow, day: number): Promise<PolicySummary> {
    if (policy.status !== 'active' || !policy.boundAt) throw new PolicyException(PolicyErrorCode.NotActive);
    const today = stateDay(this.clock.now(), policy.state);
    const schedule = scheduleOf(policy);
    // The period whose next base rate is not billed yet: the one today is in, or a later one not closed yet.
    const current = Math.max(periodContaining(schedule, today).index, (await this.statements.lastPeriod(policy.id)) + 1);
    const anchors = chooseBillingDay(schedule, current, day);
    await this.settings.setBillingDay(policy.id, day, anchors);
    return this.summary({ ...policy, billingDay: day, billingAnchors: anchors });
  }

  /** The customer's own monthly mileage budget (null: none); staff acting for them audited. */
  async setBudget(policy: PolicyRow, miles: number | null): Promise<PolicySummary> {
    await this.settings.setMileBudget(policy.id, miles);
    return this.summary({ ...policy, mileBudget: miles, budgetAlertedPeriod: null });
  }

  /** The period a once-a-period notice is for: the one of the state's today, or null before the policy starts. */
  private noticePeriod(policy: PolicyRow): number | null {
    const today = stateDay(this.clock.now(), policy.state);
    return today < policy.effectiveDate ? null : periodContaining(scheduleOf(policy), today).index;
  }

  /** E-mails each customer whose period has used 80 % of their own budget, once a period. */
  private async warnNearBudgets(): Promise<void> {
    for (const id of await this.settings.withBudgets()) {
      const policy = await this.policies.findById(id);
      if (!policy) continue;
      const index = this.noticePeriod(policy);
      if (index === null || policy.budgetAlertedPeriod === index) continue;
      const summary = await this.summary(policy);
      if (!summary.budget || summary.budget.share < BUDGET_ALERT_SHARE) continue;
      if (!(await this.settings.markBudgetAlerted(policy.id, index))) continue;
      await this.notify.budget(policy, {
        budget: summary.budget.miles,
        used: summary.budget.used,
        from: summary.period.from,
        to: summary.period.to,
        forecastMiles: summary.forecastMiles,
        forecastCents: summary.forecastCents,
      });
    }
  }

  /** E-mails each customer whose cars sent nothing (no trip, no reading) for a week, once a period. */
  private async remindMissingMiles(): Promise<void> {
    for (const policy of await this.policies.listActive()) {
      const index = this.noticePeriod(policy);
      if (index === null || policy.milesRemindedPeriod === index) continue;
      const summary = await this.summary(policy);
      if (!summary.missingMiles || !(await this.settings.markMilesReminded(policy.id, index))) continue;
      const lastMilesAt = await this.miles.lastMilesAt(policy);
      await this.milesMail.milesReminder(policy, { since: lastMilesAt ? stateDay(lastMilesAt, policy.state) : policy.effectiveDate });
    }
  }

  /**
   * Pays credits back (a cancellation's unused base rate) to the charge that paid that base
   * rate, once (the refund's key is the statement's); one the card cannot take stays a credit.
   */
  private async refundCredits(): Promise<number> {
    let refunded = 0;
    for (const statement of await this.statements.creditsToRefund()) {
      const chargeId = await this.statements.chargeThatPaid(statement.policyId, statement.periodIndex);
      if (!chargeId) continue;
      try {
        const ref = await this.payments.refundPart({ chargeId, amountCents: -statement.totalCents, idempotencyKey: `statement-refund:${statement.id}` });
        if (!(await this.statements.markRefunded(statement.id, ref))) continue;
      } catch (error) {
        this.logger.error({ err: error, statement: statement.id }, 'credit not refunded');
        continue;
      }
      refunded++;
      const policy = (await this.policies.findById(statement.policyId))!;
      const charge = await this.payments.findById(chargeId);
      await this.notify.statement(policy, {
        from: statement.periodStart,
        to: statement.periodEnd,
        totalCents: statement.totalCents,
        last4: charge?.cardLast4 ?? '',
        lines: statement.lines,
      });
    }
    return refunded;
  }

  /** A page of the user's refunded credits, newest first (the payment history). */
  refundedCredits(userId: string, before: { at: string; id: string } | null, limit: number): Promise<RefundedCreditRow[]> {
    return this.statements.refundedCreditsForUser(userId, before, limit);
  }

  /** One refunded credit, whoever's: its receipt checks who may see it. */
  findRefundedCredit(statementId: string): Promise<RefundedCreditRow | undefined> {
    return this.statements.findRefundedCredit(statementId);
  }

  /** The periods of these statements (what their charges paid for). */
  periodsOf(statementIds: string[]): Promise<StatementPeriodRow[]> {
    return this.statements.periodsOf(statementIds);
  }

  /** A policy's statements, newest first (the profile, staff). */
  list(policyId: string): Promise<StatementRow[]> {
    return this.statements.listForPolicy(policyId);
  }

  /**
   * A policy's statements, each with the most its period could cost: the base rate paid ahead for
   * it (as billedSavings reads it) and its own lines, every miles line at the daily cap. The next
   * period's base rate and a corrected earlier day belong to other periods and are left out.
   */
  async statementsWithMaximum(policy: PolicyRow): Promise<(StatementRow & { maximumCents: number })[]> {
    const rows = await this.list(policy.id);
    if (rows.length === 0) return [];
    const changes = await this.policies.appliedChanges(policy.id);
    const current = { baseRateCents: policy.baseRateCents, vehicles: policy.vehicles };
    return rows.map((row) => {
      const period = billingPeriod(scheduleOf(policy), row.periodIndex);
      const paid = baseRateFor(period, termsOn(current, changes, addDays(period.start, -1)).baseRateCents);
      const own = row.lines.filter(
        (line) => line.kind === 'miles' || line.kind === 'policy-change' || line.kind === 'base-rate-credit' || line.kind === 'no-cover',
      );
      return { ...row, maximumCents: paid + mostThesePeriodLinesCanCostCents(own) };
    });
  }
}
