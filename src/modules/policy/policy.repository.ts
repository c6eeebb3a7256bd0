import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { type StaffScope, staffScopeSql } from '../agent';
import type { ChangedRows } from '../../database/changed-rows';
import type { BillingAnchor } from '../../shared/billing/billing-periods';
import type { Locale } from '../../shared/locale';
import type { PolicyCard, PolicyTerms } from '../../shared/policy/policy-model';
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
  /** The day the last change applied took effect, if any. */
  amendedFrom: string | null;
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
  | 'producerName'
  | 'currentCard'
  | 'mileBudget'
  | 'budgetAlertedPeriod'
  | 'billingAnchors'
  | 'milesRemindedPeriod'
  | 'statedMilesPerMonth'
  | 'revision'
  | 'amendedFrom'
>;

const COLUMNS = `id, number, quote_id AS "quoteId", user_id AS "userId", status, state, locale,
  to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", to_char(term_end_date, 'YYYY-MM-DD') AS "termEndDate",
  auto_renew AS "autoRenew", address, drivers, vehicles, coverage_package AS "coveragePackage", coverage,
  rate_version AS "rateVersion", base_rate_cents AS "baseRateCents", producer_id AS "producerId",
  staff_user_id AS "staffUserId", payment_method_id AS "paymentMethodId", first_charge_id AS "firstChargeId",
  signature_name AS "signatureName", signed_at AS "signedAt", terms_version AS "termsVersion",
  billing_day AS "billingDay", created_at AS "createdAt", bound_at AS "boundAt", cancelled_at AS "cancelledAt",
  to_char(cancellation_date, 'YYYY-MM-DD') AS "cancellationDate", mile_budget AS "mileBudget", budget_alerted_period AS "budgetAlertedPeriod",
  billing_anchors AS "billingAnchors", miles_reminded_period AS "milesRemindedPeriod", revision,
  (SELECT to_char(max(effective_date), 'YYYY-MM-DD') FROM policy_changes c WHERE c.policy_id = policies.id AND c.status = 'applied') AS "amendedFrom",
  (SELECT name FROM agents WHERE agents.producer_id = policies.producer_id) AS "producerName",
  (SELECT (answers->>'milesPerMonth')::int FROM quotes WHERE quotes.id = policies.quote_id) AS "statedMilesPerMonth",
  (SELECT json_build_object('brand', brand, 'last4', last4, 'expMonth', exp_month, 'expYear', exp_year) FROM payment_methods pm
    WHERE pm.user_id = policies.user_id AND pm.replaced_at IS NULL) AS "currentCard"`;

/** Policies, read by their owner; written only in the transaction that issues or changes them. */
@Injectable()
export class PolicyRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Issues a policy with the next number of its state ("MP-AZ-1000001"). */
  async issue(policy: NewPolicy): Promise<PolicyRow> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(
      `INSERT INTO policies (number, quote_id, user_id, status, state, locale, effective_date, term_end_date, auto_renew, address,
         drivers, vehicles, coverage_package, coverage, rate_version, base_rate_cents, producer_id, staff_user_id, payment_method_id,
         first_charge_id, signature_name, signed_at, terms_version, billing_day, bound_at)
       VALUES ('MP-' || $4 || '-' || nextval('policy_number_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
         $17, $18, $19, $20, $21, $22, $23, $24)
       RETURNING ${COLUMNS}`,
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
    return row;
  }

  async findForUser(id: string, userId: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row;
  }

  async findById(id: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE id = $1`, [id]);
    return row;
  }

  /** Reads the policy locked for the caller's transaction (one confirmation or cancellation at a time). */
  async lock(id: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async findByQuote(quoteId: string): Promise<PolicyRow | undefined> {
    const [row] = await this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE quote_id = $1`, [quoteId]);
    return row;
  }

  /** The user's policies, newest first. */
  listForUser(userId: string): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
  }

  /**
   * A policy bought by staff, confirmed by its customer: bound from now, with its first charge;
   * it starts on the day chosen, or today if that day has passed while it waited.
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
    const [[row]] = await this.txHost.tx.query<ChangedRows<PolicyRow>>(
      `UPDATE policies SET status = 'active', bound_at = $2, signature_name = $3, signed_at = $2, first_charge_id = $4, payment_method_id = $5,
          effective_date = $6, term_end_date = $7, billing_day = $8
        WHERE id = $1 AND status = 'pending-confirmation' RETURNING ${COLUMNS}`,
      [id, change.signedAt, change.signatureName, change.firstChargeId, change.paymentMethodId, change.effectiveDate, change.termEndDate, change.billingDay],
    );
    return row;
  }

  async cancel(id: string, change: { at: Date; date: string; reason: string }): Promise<PolicyRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<PolicyRow>>(
      `UPDATE policies SET status = 'cancelled', cancelled_at = $2, cancellation_date = $3, cancellation_reason = $4, auto_renew = false
        WHERE id = $1 AND status <> 'cancelled' RETURNING ${COLUMNS}`,
      [id, change.at, change.date, change.reason],
    );
    return row;
  }

  /**
   * A change's terms, applied to the policy at the revision it was priced against (undefined when
   * another change landed first or the policy is no longer active): one more revision.
   */
  async applyChange(
    id: string,
    revision: number,
    terms: Pick<PolicyRow, 'state' | 'address' | 'drivers' | 'vehicles' | 'coveragePackage' | 'coverage' | 'rateVersion' | 'baseRateCents'>,
  ): Promise<PolicyRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<PolicyRow>>(
      `UPDATE policies SET state = $3, address = $4, drivers = $5, vehicles = $6, coverage_package = $7, coverage = $8, rate_version = $9,
          base_rate_cents = $10, revision = revision + 1
        WHERE id = $1 AND revision = $2 AND status = 'active' AND cancellation_date IS NULL RETURNING ${COLUMNS}`,
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
    return row;
  }

  /** The policy passes to the agency: no agent of record (a move to a state where they hold no licence, issue 30). */
  async releaseProducer(id: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE policies SET producer_id = NULL WHERE id = $1`, [id]);
  }

  /** Policies that may have a billing period to close: bound, and active or cancelled lately. */
  listBillable(): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(
      `SELECT ${COLUMNS} FROM policies WHERE bound_at IS NOT NULL AND (status = 'active' OR cancellation_date > current_date - 62)`,
    );
  }

  /** Bound, active policies (the daily reminders). */
  listActive(): Promise<PolicyRow[]> {
    return this.txHost.tx.query<PolicyRow[]>(`SELECT ${COLUMNS} FROM policies WHERE status = 'active' AND bound_at IS NOT NULL`);
  }

  /** Policies staff sold within the StaffScope, with the customer's e-mail: one agent's, or every staff sale (an admin's). */
  listSoldBy(scope: StaffScope, limit = 100): Promise<SoldPolicyRow[]> {
    // The seller: the agent's name from the directory, else the staff member's name or e-mail (an admin's sale).
    return this.txHost.tx.query<SoldPolicyRow[]>(
      `SELECT ${COLUMNS}, (SELECT email FROM users WHERE users.id = policies.user_id) AS "customerEmail",
        coalesce((SELECT name FROM agents WHERE agents.producer_id = policies.producer_id),
          (SELECT coalesce(nullif(name, ''), email) FROM users WHERE users.id = policies.staff_user_id)) AS "seller" FROM policies
        WHERE ${staffScopeSql('producer_id', 1)} AND ($1::text IS NOT NULL OR staff_user_id IS NOT NULL) ORDER BY created_at DESC LIMIT $2`,
      [scope.producerId, limit],
    );
  }
}
