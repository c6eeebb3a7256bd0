import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { nextDay } from '../../shared/dates/iso-day';
import { changesAfter, eventMoment, inEffectOrder, inForceAt } from '../../shared/policy/timeline';
import { type StaffScope, staffScopeSql } from '../agent';
import { PolicyChangeRepository } from './changes/policy-change.repository';
import { PolicyTransactionRepository, type EventTerms } from './timeline/policy-transaction.repository';
import type { ChangedRows } from '../../database/changed-rows';
import type { BillingAnchor } from '../../shared/billing/billing-periods';
import type { Locale } from '../../shared/locale';
import type { PolicyCard, PolicyTerms, UpcomingEvent } from '../../shared/policy/policy-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface PolicyRow extends PolicyTerms {
  quoteId: string;
  userId: string;
  locale: Locale;
  producerId: string | null;
  staffUserId: string | null;
  paymentMethodId: string | null;
  firstChargeId: string | null;
  signatureName: string | null;
  signedAt: Date | null;
  termsVersion: string;
  createdAt: Date;
  boundAt: Date | null;
  cancelledAt: Date | null;
  cancellationDate: string | null;
  /** Why it ended: 'customer', 'non-payment', 'expired', … (null while in force). */
  cancellationReason: string | null;
  /** Each lapse a reinstatement ended, by then (`coverGaps` in src/shared/policy/timeline.ts, in SQL). */
  coverGaps: { from: string; to: string; fromDate: string; toDate: string }[];
  /** The selling agent's name, when an agent sold it. */
  producerName: string | null;
  /** The customer's monthly mileage budget, if they set one; the period we last warned them in. */
  mileBudget: number | null;
  budgetAlertedPeriod: number | null;
  /** Where billing periods run from a billing day the customer chose (null: from the start day). */
  billingAnchors: BillingAnchor[] | null;
  /** The period we last reminded the customer to send miles in. */
  milesRemindedPeriod: number | null;
  /** The miles a month the customer expected when quoting: the forecast's start until a week of miles is in. */
  statedMilesPerMonth: number | null;
  /** The card the monthly statements go to: the customer's current one. */
  currentCard: PolicyCard | null;
  /** How many changes (endorsements) were applied: a change priced against an older revision is refused. */
  revision: number;
  /** The day the last change in force took effect, if any. */
  amendedFrom: string | null;
  /** Events booked to take effect after the moment the row was read as of. */
  upcoming: UpcomingEvent[];
}

/** A policy staff sold, with its customer's e-mail and who sold it. */
export type SoldPolicyRow = PolicyRow & { customerEmail: string; seller: string };

export type NewPolicy = Omit<
  PolicyRow,
  | 'id'
  | 'number'
  | 'createdAt'
  | 'cancelledAt'
  | 'cancellationDate'
  | 'cancellationReason'
  | 'coverGaps'
  | 'producerName'
  | 'currentCard'
  | 'mileBudget'
  | 'budgetAlertedPeriod'
  | 'billingAnchors'
  | 'milesRemindedPeriod'
  | 'statedMilesPerMonth'
  | 'revision'
  | 'amendedFrom'
  | 'upcoming'
  | 'termStartDate'
>;

/** The terms a policy row holds as one object: the timeline's shape, for a policy read before its first event is booked. */
const ROW_TERMS = `jsonb_build_object('state', policies.state, 'address', policies.address, 'drivers', policies.drivers, 'vehicles', policies.vehicles,
  'coveragePackage', policies.coverage_package, 'coverage', policies.coverage, 'rateVersion', policies.rate_version, 'baseRateCents', policies.base_rate_cents)`;

/**
 * The policy's terms as of the moment in parameter `$m` (issue 26): those of its last event
 * effective by then, else of its first (a policy starting later reads as it will be). The same
 * rule as `inForceAt` in shared/policy/timeline.ts, in SQL so that lists read it in one query.
 */
const termsAt = (m: number) => `LEFT JOIN LATERAL (SELECT coalesce((SELECT t.terms FROM policy_transactions t
    WHERE t.policy_id = policies.id AND t.reversed_at IS NULL
    ORDER BY t.effective_at <= $${m} DESC, CASE WHEN t.effective_at <= $${m} THEN t.effective_at END DESC NULLS LAST,
      CASE WHEN t.effective_at <= $${m} THEN t.seq END DESC NULLS LAST, t.effective_at, t.seq LIMIT 1), ${ROW_TERMS}) AS t) now_terms ON true
  LEFT JOIN LATERAL (SELECT to_char(t.effective_date, 'YYYY-MM-DD') AS term_start, to_char(t.term_end_date, 'YYYY-MM-DD') AS term_end FROM policy_transactions t
    WHERE t.policy_id = policies.id AND t.reversed_at IS NULL AND t.kind = 'renew' AND t.effective_at <= $${m}
    ORDER BY t.effective_at DESC LIMIT 1) now_term ON true`;

const columns = (m: number) => `policies.id, number, quote_id AS "quoteId", user_id AS "userId", status, now_terms.t->>'state' AS state, locale,
  to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", coalesce(now_term.term_end, to_char(term_end_date, 'YYYY-MM-DD')) AS "termEndDate",
  coalesce(now_term.term_start, to_char(effective_date, 'YYYY-MM-DD')) AS "termStartDate",
  auto_renew AS "autoRenew", now_terms.t->'address' AS address, now_terms.t->'drivers' AS drivers, now_terms.t->'vehicles' AS vehicles,
  now_terms.t->>'coveragePackage' AS "coveragePackage", now_terms.t->'coverage' AS coverage,
  now_terms.t->>'rateVersion' AS "rateVersion", (now_terms.t->>'baseRateCents')::int AS "baseRateCents", producer_id AS "producerId",
  staff_user_id AS "staffUserId", payment_method_id AS "paymentMethodId", first_charge_id AS "firstChargeId",
  signature_name AS "signatureName", signed_at AS "signedAt", terms_version AS "termsVersion",
  billing_day AS "billingDay", created_at AS "createdAt", bound_at AS "boundAt", cancelled_at AS "cancelledAt",
  to_char(cancellation_date, 'YYYY-MM-DD') AS "cancellationDate", cancellation_reason AS "cancellationReason",
  (SELECT coalesce(json_agg(json_build_object('from', c.effective_at, 'to', r.effective_at, 'fromDate', to_char(c.effective_date, 'YYYY-MM-DD'),
      'toDate', to_char(r.effective_date, 'YYYY-MM-DD')) ORDER BY r.effective_at), '[]')
    FROM policy_transactions r CROSS JOIN LATERAL (SELECT effective_at, effective_date FROM policy_transactions c
      WHERE c.policy_id = r.policy_id AND c.kind = 'cancel' AND c.reversed_at IS NULL AND c.effective_at <= r.effective_at
      ORDER BY c.effective_at DESC, c.seq DESC LIMIT 1) c
    WHERE r.policy_id = policies.id AND r.kind = 'reinstate' AND r.reversed_at IS NULL AND r.effective_at <= $${m}) AS "coverGaps",
  mile_budget AS "mileBudget", budget_alerted_period AS "budgetAlertedPeriod",
  billing_anchors AS "billingAnchors", miles_reminded_period AS "milesRemindedPeriod", revision,
  (SELECT to_char(max(effective_date), 'YYYY-MM-DD') FROM policy_transactions t
    WHERE t.policy_id = policies.id AND t.kind = 'change' AND t.reversed_at IS NULL AND t.effective_at <= $${m}) AS "amendedFrom",
  (SELECT coalesce(json_agg(json_build_object('kind', t.kind, 'effectiveDate', to_char(t.effective_date, 'YYYY-MM-DD'), 'changeId', t.change_id,
      'baseRateCents', (t.terms->>'baseRateCents')::int)
      ORDER BY t.effective_at, t.seq), '[]') FROM policy_transactions t
    WHERE t.policy_id = policies.id AND t.reversed_at IS NULL AND t.kind <> 'issue' AND t.effective_at > $${m}) AS upcoming,
  (SELECT name FROM agents WHERE agents.producer_id = policies.producer_id) AS "producerName",
  (SELECT (answers->>'milesPerMonth')::int FROM quotes WHERE quotes.id = policies.quote_id) AS "statedMilesPerMonth",
  (SELECT json_build_object('brand', brand, 'last4', last4, 'expMonth', exp_month, 'expYear', exp_year) FROM payment_methods pm
    WHERE pm.user_id = policies.user_id AND pm.replaced_at IS NULL) AS "currentCard"`;

/** `SELECT <the policy as of $m> FROM policies`, for a query whose own parameters come before `$m`. */
const selectAsOf = (m: number) => `SELECT ${columns(m)} FROM policies ${termsAt(m)}`;

/** Policies, read by their owner; written only in the transaction that issues or changes them. */
@Injectable()
export class PolicyRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly timeline: PolicyTransactionRepository,
    private readonly changes: PolicyChangeRepository,
  ) {}

  /** Issues a policy with the next number of its state ("MP-AZ-1000001"). */
  async issue(policy: NewPolicy): Promise<PolicyRow> {
    const [row] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO policies (number, quote_id, user_id, status, state, locale, effective_date, term_end_date, auto_renew, address,
         drivers, vehicles, coverage_package, coverage, rate_version, base_rate_cents, producer_id, staff_user_id, payment_method_id,
         first_charge_id, signature_name, signed_at, terms_version, billing_day, bound_at)
       VALUES ('MP-' || $4 || '-' || nextval('policy_number_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
         $17, $18, $19, $20, $21, $22, $23, $24)
       RETURNING id`,
      [
        policy.quoteId,
        policy.userId,
        policy.status,
        policy.state,
        policy.locale,
        policy.effectiveDate,
        policy.termEndDate,
        policy.autoRenew,
        policy.address,
        JSON.stringify(policy.drivers),
        JSON.stringify(policy.vehicles),
        policy.coveragePackage,
        policy.coverage,
        policy.rateVersion,
        policy.baseRateCents,
        policy.producerId,
        policy.staffUserId,
        policy.paymentMethodId,
        policy.firstChargeId,
        policy.signatureName,
        policy.signedAt,
        policy.termsVersion,
        policy.billingDay,
        policy.boundAt,
      ],
    );
    await this.timeline.book({
      policyId: row.id,
      kind: 'issue',
      effectiveDate: policy.effectiveDate,
      effectiveAt: eventMoment(policy.effectiveDate, policy.state, policy.boundAt),
      madeBy: policy.userId,
      onBehalfBy: policy.staffUserId,
      termEndDate: policy.termEndDate,
      terms: {
        state: policy.state,
        address: policy.address,
        drivers: policy.drivers,
        vehicles: policy.vehicles,
        coveragePackage: policy.coveragePackage,
        coverage: policy.coverage,
        rateVersion: policy.rateVersion,
        baseRateCents: policy.baseRateCents,
      },
    });
    return (await this.findById(row.id))!;
  }

  async findForUser(id: string, userId: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(3)} WHERE policies.id = $1 AND user_id = $2`, [id, userId, this.clock.now()]);
    return row;
  }

  /** The policy as it stands at `at` (its renewal's first day, say): terms, term and what is coming then. */
  async findAsOf(id: string, at: Date): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(2)} WHERE policies.id = $1`, [id, at]);
    return row;
  }

  async findById(id: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(2)} WHERE policies.id = $1`, [id, this.clock.now()]);
    return row;
  }

  /** Reads the policy locked for the caller's transaction (one confirmation or cancellation at a time). */
  async lock(id: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(2)} WHERE policies.id = $1 FOR UPDATE OF policies`, [id, this.clock.now()]);
    return row;
  }

  async findByQuote(quoteId: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(2)} WHERE quote_id = $1`, [quoteId, this.clock.now()]);
    return row;
  }

  /** The user's policies, newest first. */
  listForUser(userId: string): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(2)} WHERE user_id = $1 ORDER BY created_at DESC`, [userId, this.clock.now()]);
  }

  /**
   * A policy bought by staff, confirmed by its customer: bound from now, with its first charge;
   * it starts on the day chosen, or today if that day has passed while it waited. Its issue on
   * the timeline moves with it: cover begins at the later of that day's start and this moment.
   */
  async bind(
    id: string,
    change: {
      signatureName: string;
      signedAt: Date;
      firstChargeId: string;
      paymentMethodId: string | null;
      effectiveDate: string;
      termEndDate: string;
      billingDay: number;
    },
  ): Promise<PolicyRow> {
    const [[bound]] = await this.txHost.tx.query<ChangedRows<{ id: string; state: string }>>(
      `UPDATE policies SET status = 'active', bound_at = $2, signature_name = $3, signed_at = $2, first_charge_id = $4, payment_method_id = $5,
          effective_date = $6, term_end_date = $7, billing_day = $8
        WHERE id = $1 AND status = 'pending-confirmation' RETURNING id, state`,
      [id, change.signedAt, change.signatureName, change.firstChargeId, change.paymentMethodId, change.effectiveDate, change.termEndDate, change.billingDay],
    );
    if (bound) await this.timeline.moveIssue(id, change.effectiveDate, eventMoment(change.effectiveDate, bound.state, change.signedAt), change.termEndDate);
    return (await this.findById(id))!;
  }

  /**
   * Cancels from the day after `date` (the last covered day) on the timeline too: the terms end
   * then, and a change booked to take effect after it never does (it is voided with its event).
   */
  async cancel(id: string, change: { at: Date; date: string; reason: string }): Promise<PolicyRow | undefined> {
    const [[cancelled]] = await this.txHost.tx.query<ChangedRows<{ id: string; state: string }>>(
      `UPDATE policies SET status = 'cancelled', cancelled_at = $2, cancellation_date = $3, cancellation_reason = $4, auto_renew = false
        WHERE id = $1 AND status <> 'cancelled' RETURNING id, state`,
      [id, change.at, change.date, change.reason],
    );
    if (!cancelled) return undefined;
    const events = await this.timeline.list(id);
    const ends = nextDay(change.date);
    const endsAt = eventMoment(ends, cancelled.state);
    for (const voided of changesAfter(events, new Date(endsAt.getTime() - 1))) {
      await this.timeline.reverse(voided.id, null, change.at);
      if (voided.changeId) await this.changes.void(voided.changeId);
    }
    const last = inForceAt(await this.timeline.list(id), endsAt)!;
    await this.timeline.book({ policyId: id, kind: 'cancel', effectiveDate: ends, effectiveAt: endsAt, terms: last.terms });
    return this.findById(id);
  }

  /**
   * The terms last booked (those in force once every booked event has taken effect), written
   * on the row at the revision the change was priced against (undefined when another change
   * landed first or the policy is no longer active): one more revision. The row's terms are for
   * the database's own rules (shared VINs) and staff searches; pages read the timeline.
   */
  async recordBooked(id: string, revision: number, terms: EventTerms): Promise<boolean> {
    const [, count] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE policies SET state = $3, address = $4, drivers = $5, vehicles = $6, coverage_package = $7, coverage = $8, rate_version = $9,
          base_rate_cents = $10, revision = revision + 1
        WHERE id = $1 AND revision = $2 AND status = 'active' AND cancellation_date IS NULL RETURNING id`,
      [
        id,
        revision,
        terms.state,
        JSON.stringify(terms.address),
        JSON.stringify(terms.drivers),
        JSON.stringify(terms.vehicles),
        terms.coveragePackage,
        JSON.stringify(terms.coverage),
        terms.rateVersion,
        terms.baseRateCents,
      ],
    );
    return count > 0;
  }

  /** Whether the policy renews at its term's end (the customer declined, or Meterly does not renew). */
  async setAutoRenew(id: string, autoRenew: boolean): Promise<void> {
    await this.txHost.tx.query(`UPDATE policies SET auto_renew = $2 WHERE id = $1`, [id, autoRenew]);
  }

  /**
   * A policy cancelled for non-payment back in force from `at` (issue 26): the row active again;
   * on the timeline the cancellation stays, with the reinstatement after it on the terms it
   * ended (the time between is a lapse). It renews again unless its expiry was booked (the
   * renewal declined before). Undefined when it is not cancelled for non-payment.
   */
  async reinstate(id: string, change: { at: Date; day: string; madeBy: string; onBehalfBy: string | null }): Promise<PolicyRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE policies SET status = 'active', cancelled_at = NULL, cancellation_date = NULL, cancellation_reason = NULL,
          auto_renew = NOT EXISTS (SELECT 1 FROM policy_transactions t WHERE t.policy_id = policies.id AND t.kind = 'expire' AND t.reversed_at IS NULL
            AND t.effective_at > $2)
        WHERE id = $1 AND status = 'cancelled' AND cancellation_reason = 'non-payment' RETURNING id`,
      [id, change.at],
    );
    if (!row) return undefined;
    const cancel = inEffectOrder(await this.timeline.list(id))
      .filter((e) => e.kind === 'cancel')
      .at(-1)!;
    await this.timeline.book({
      policyId: id,
      kind: 'reinstate',
      effectiveDate: change.day,
      effectiveAt: change.at,
      terms: cancel.terms,
      madeBy: change.madeBy,
      onBehalfBy: change.onBehalfBy,
    });
    return this.findById(id);
  }

  /** A term ended without a renewal: the policy expired, its last covered day the term's last (billing closes it like a cancellation). */
  async expire(id: string, lastDay: string, at: Date): Promise<boolean> {
    const [, count] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE policies SET status = 'expired', cancelled_at = $3, cancellation_date = $2, cancellation_reason = 'expired', auto_renew = false
        WHERE id = $1 AND status = 'active' RETURNING id`,
      [id, lastDay, at],
    );
    return count > 0;
  }

  /** The policy passes to the agency: no agent of record (a move to a state where they hold no licence, issue 30). */
  async releaseProducer(id: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE policies SET producer_id = NULL WHERE id = $1`, [id]);
  }

  /** Policies that may have a billing period to close: bound, and active or cancelled lately. */
  listBillable(): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(1)} WHERE bound_at IS NOT NULL AND (status = 'active' OR cancellation_date > current_date - 62)`, [
      this.clock.now(),
    ]);
  }

  /** Bound, active policies (the daily reminders). */
  listActive(): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(`${selectAsOf(1)} WHERE status = 'active' AND bound_at IS NOT NULL`, [this.clock.now()]);
  }

  /** Policies staff sold within the StaffScope, with the customer's e-mail: one agent's, or every staff sale (an admin's). */
  listSoldBy(scope: StaffScope, limit = 100): Promise<SoldPolicyRow[]> {
    // The seller: the agent's name from the directory, else the staff member's name or e-mail (an admin's sale).
    return this.txHost.tx.query<SoldPolicyRow[]>(
      `SELECT ${columns(3)}, (SELECT email FROM users WHERE users.id = policies.user_id) AS "customerEmail",
        coalesce((SELECT name FROM agents WHERE agents.producer_id = policies.producer_id),
          (SELECT coalesce(nullif(name, ''), email) FROM users WHERE users.id = policies.staff_user_id)) AS "seller" FROM policies ${termsAt(3)}
        WHERE ${staffScopeSql('producer_id', 1)} AND ($1::text IS NOT NULL OR staff_user_id IS NOT NULL) ORDER BY created_at DESC LIMIT $2`,
      [scope.producerId, limit, this.clock.now()],
    );
  }
}
