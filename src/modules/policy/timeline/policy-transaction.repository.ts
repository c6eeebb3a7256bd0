import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { readOnce } from '../../../database/read-once';
import type { TimelineEvent } from '../../../shared/policy/timeline';
import type { ChangeTerms, RatingBasis } from '../changes/change-terms';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** The terms an event holds: a change's sides without the rating facts, which are kept beside them. */
export type EventTerms = Omit<ChangeTerms, 'basis'>;

export interface PolicyTransactionRow extends TimelineEvent<EventTerms> {
  id: string;
  policyId: string;
  bookedAt: Date;
  madeBy: string | null;
  onBehalfBy: string | null;
  basis: RatingBasis | null;
  changeId: string | null;
  premiumCents: number | null;
  /** An issue's or a renewal's: the day its term ends (the next term, if any, starts that day). */
  termEndDate: string | null;
}

export type NewPolicyTransaction = Pick<PolicyTransactionRow, 'policyId' | 'kind' | 'effectiveDate' | 'effectiveAt' | 'terms'> &
  Partial<Pick<PolicyTransactionRow, 'madeBy' | 'onBehalfBy' | 'basis' | 'changeId' | 'premiumCents' | 'termEndDate'>>;

const COLUMNS = `id, policy_id AS "policyId", seq, kind, to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", effective_at AS "effectiveAt",
  booked_at AS "bookedAt", made_by AS "madeBy", on_behalf_by AS "onBehalfBy", terms, basis, change_id AS "changeId",
  premium_cents AS "premiumCents", to_char(term_end_date, 'YYYY-MM-DD') AS "termEndDate", reversed_at IS NOT NULL AS reversed`;

/**
 * The policy's timeline (issue 26): events are only added, and reversed (never edited) when an
 * out-of-sequence change re-applies them. Written by the policy module under the policy's lock.
 */
@Injectable()
export class PolicyTransactionRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Books an event after the policy's last one (the caller holds the policy's lock, so the sequence has no gaps). */
  async book(event: NewPolicyTransaction): Promise<PolicyTransactionRow> {
    const [row] = await this.txHost.tx.query<PolicyTransactionRow[]>(
      `INSERT INTO policy_transactions (policy_id, seq, kind, effective_date, effective_at, made_by, on_behalf_by, terms, basis, change_id, premium_cents,
         term_end_date)
       VALUES ($1, (SELECT coalesce(max(seq) + 1, 0) FROM policy_transactions WHERE policy_id = $1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING ${COLUMNS}`,
      [
        event.policyId,
        event.kind,
        event.effectiveDate,
        event.effectiveAt,
        event.madeBy ?? null,
        event.onBehalfBy ?? null,
        JSON.stringify(event.terms),
        event.basis ? JSON.stringify(event.basis) : null,
        event.changeId ?? null,
        event.premiumCents ?? null,
        event.termEndDate ?? null,
      ],
    );
    return row;
  }

  /** Every event of the policy, reversed ones included, in the order booked. */
  list(policyId: string): Promise<PolicyTransactionRow[]> {
    return readOnce(`policy_transactions ${policyId}`, () =>
      this.txHost.tx.query<PolicyTransactionRow[]>(`SELECT ${COLUMNS} FROM policy_transactions WHERE policy_id = $1 ORDER BY seq`, [policyId]),
    );
  }

  /** Notices of cancellation for non-payment whose day has come (not withdrawn): the policy and that day. */
  lapsesDue(at: Date): Promise<{ policyId: string; day: string }[]> {
    return this.txHost.tx.query<{ policyId: string; day: string }[]>(
      `SELECT policy_id AS "policyId", to_char(effective_date, 'YYYY-MM-DD') AS day FROM policy_transactions
        WHERE kind = 'lapse' AND reversed_at IS NULL AND effective_at <= $1`,
      [at],
    );
  }

  /** The event is replaced by another booked after it (an out-of-sequence change re-applied it). */
  async reverse(id: string, replacedBy: string | null, at: Date): Promise<void> {
    await this.txHost.tx.query(`UPDATE policy_transactions SET reversed_at = $3, replaced_by = $2 WHERE id = $1 AND reversed_at IS NULL`, [id, replacedBy, at]);
  }

  /** A staff sale confirmed later than its chosen day: the issue moves to the moment it was bound, its term with it. */
  async moveIssue(policyId: string, effectiveDate: string, effectiveAt: Date, termEndDate: string): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE policy_transactions SET effective_date = $2, effective_at = $3, term_end_date = $4 WHERE policy_id = $1 AND kind = 'issue'`,
      [policyId, effectiveDate, effectiveAt, termEndDate],
    );
  }
}
