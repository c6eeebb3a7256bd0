import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { readOnce } from '../../database/read-once';
import type { ChangedRows } from '../../database/changed-rows';
import type { StatementLine } from './statement-lines';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export type StatementStatus = 'due' | 'charging' | 'paid' | 'failed' | 'credit' | 'refunded';

export type NewStatement = Pick<StatementRow, 'policyId' | 'periodIndex' | 'periodStart' | 'periodEnd' | 'lines' | 'totalCents'>;

export interface DayCorrection {
  id: string;
  vehicleIndex: number;
  day: string;
  resolvedMiles: number;
  previousBillableMiles: number;
}

/** A statement's period, for what its charge paid. */
export interface StatementPeriodRow {
  id: string;
  policyId: string;
  periodStart: string;
  periodEnd: string;
}

/** A refunded credit as the payment history lists it. */
export interface RefundedCreditRow extends StatementPeriodRow {
  userId: string;
  policyNumber: string;
  /** The policy's state (its days). */
  state: string;
  /** What went back, positive. */
  amountCents: number;
  at: Date;
  atText: string;
  /** The charge it went back to, and the processor's reference of the refund. */
  chargeId: string | null;
  refundRef: string | null;
}

export interface StatementRow {
  id: string;
  policyId: string;
  periodIndex: number;
  periodStart: string;
  periodEnd: string;
  lines: StatementLine[];
  totalCents: number;
  status: StatementStatus;
  attempts: number;
  declineReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
}

const COLUMNS = `id, policy_id AS "policyId", period_index AS "periodIndex", to_char(period_start, 'YYYY-MM-DD') AS "periodStart",
  to_char(period_end, 'YYYY-MM-DD') AS "periodEnd", lines, total_cents AS "totalCents", status, attempts,
  decline_reason AS "declineReason", created_at AS "createdAt", paid_at AS "paidAt", refunded_at AS "refundedAt"`;

/** Refunded credits with their policy, and the charge each went back to (chargeThatPaid's rule, in SQL). */
const REFUNDED_CREDITS = `
  SELECT s.id, s.policy_id AS "policyId", p.user_id AS "userId", p.number AS "policyNumber", p.state,
         to_char(s.period_start, 'YYYY-MM-DD') AS "periodStart", to_char(s.period_end, 'YYYY-MM-DD') AS "periodEnd",
         -s.total_cents AS "amountCents", s.refund_ref AS "refundRef", s.refunded_at AS at, to_char(s.refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "atText",
         CASE WHEN s.period_index = 0 THEN p.first_charge_id
              ELSE (SELECT prev.charge_id FROM statements prev WHERE prev.policy_id = s.policy_id AND prev.period_index = s.period_index - 1 AND prev.status = 'paid')
         END AS "chargeId"
    FROM statements s JOIN policies p ON p.id = s.policy_id
   WHERE s.status = 'refunded' AND s.refunded_at IS NOT NULL`;

/** Statements: made once per policy and period, then charged (and charged again after a decline). */
@Injectable()
export class StatementRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Makes the statement unless it exists (another instance, an earlier run): answers it either
   * way. `whenMade` runs in the same transaction when this call made it: the disputed days it
   * adjusts are marked with it there (by miles, their owner), so each is adjusted on one
   * statement only.
   */
  async createOnce(statement: NewStatement, whenMade: (row: StatementRow) => Promise<void>): Promise<{ row: StatementRow; created: boolean }> {
    return this.txHost.withTransaction(async () => {
      const [inserted] = await this.txHost.tx.query<StatementRow[]>(
        `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (policy_id, period_index) DO NOTHING RETURNING ${COLUMNS}`,
        [
          statement.policyId,
          statement.periodIndex,
          statement.periodStart,
          statement.periodEnd,
          JSON.stringify(statement.lines),
          statement.totalCents,
          statement.totalCents > 0 ? 'due' : 'credit',
        ],
      );
      if (inserted) {
        await whenMade(inserted);
        return { row: inserted, created: true };
      }
      const [existing] = await this.txHost.tx.query<StatementRow[]>(`SELECT ${COLUMNS} FROM statements WHERE policy_id = $1 AND period_index = $2`, [
        statement.policyId,
        statement.periodIndex,
      ]);
      return { row: existing, created: false };
    });
  }

  /**
   * Days staff corrected after their period was billed (a dispute accepted after the statement
   * that billed the day), not yet adjusted on a statement.
   */
  corrections(policyId: string): Promise<DayCorrection[]> {
    return this.txHost.tx.query<DayCorrection[]>(
      `SELECT d.id, d.vehicle_index AS "vehicleIndex", to_char(d.day, 'YYYY-MM-DD') AS day,
              d.resolved_miles::float8 AS "resolvedMiles", d.previous_billable_miles::float8 AS "previousBillableMiles"
         FROM mile_disputes d
        WHERE d.policy_id = $1 AND d.status = 'accepted' AND d.adjusted_statement_id IS NULL
          AND EXISTS (SELECT 1 FROM statements s WHERE s.policy_id = d.policy_id AND d.day BETWEEN s.period_start AND s.period_end AND s.created_at < d.decided_at)
        ORDER BY d.day`,
      [policyId],
    );
  }

  /**
   * Takes a statement to charge, so one instance charges it: one due, failed and due again, or
   * left charging by a process that stopped (the charge's key makes asking again safe).
   */
  async claim(id: string): Promise<StatementRow | undefined> {
    const [rows] = await this.txHost.tx.query<ChangedRows<StatementRow>>(
      `UPDATE statements SET status = 'charging', attempts = CASE WHEN status = 'charging' THEN attempts ELSE attempts + 1 END, updated_at = now()
        WHERE id = $1 AND (status = 'due' OR (status = 'failed' AND next_attempt_at <= now()) OR (status = 'charging' AND updated_at < now() - interval '10 minutes'))
        RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0];
  }

  async markPaid(id: string, chargeId: string): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE statements SET status = 'paid', charge_id = $2, paid_at = now(), decline_reason = NULL, next_attempt_at = NULL, updated_at = now() WHERE id = $1`,
      [id, chargeId],
    );
  }

  /** A failed statement charged now, not on its retry schedule (the customer's "pay now"). */
  async dueNow(id: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE statements SET next_attempt_at = now() - interval '1 second', updated_at = now() WHERE id = $1 AND status = 'failed'`, [
      id,
    ]);
  }

  async markFailed(id: string, reason: string, nextAttemptAt: Date | null): Promise<void> {
    await this.txHost.tx.query(`UPDATE statements SET status = 'failed', decline_reason = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`, [
      id,
      reason,
      nextAttemptAt,
    ]);
  }

  /** Statements waiting for a charge now. */
  async toCharge(): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(
      `SELECT id FROM statements WHERE status = 'due' OR (status = 'failed' AND next_attempt_at <= now()) OR (status = 'charging' AND updated_at < now() - interval '10 minutes') ORDER BY created_at`,
    );
    return rows.map((r) => r.id);
  }

  listForPolicy(policyId: string): Promise<StatementRow[]> {
    return readOnce(`statements ${policyId}`, () =>
      this.txHost.tx.query<StatementRow[]>(`SELECT ${COLUMNS} FROM statements WHERE policy_id = $1 ORDER BY period_index DESC`, [policyId]),
    );
  }

  /** Credits (a cancellation's unused base rate) not yet paid back. */
  async creditsToRefund(): Promise<StatementRow[]> {
    return this.txHost.tx.query<StatementRow[]>(`SELECT ${COLUMNS} FROM statements WHERE status = 'credit' AND total_cents < 0 ORDER BY created_at`);
  }

  /** The charge that paid a period's base rate: the statement before it (the first period's is the purchase's). */
  async chargeThatPaid(policyId: string, periodIndex: number): Promise<string | null> {
    const [row] = await this.txHost.tx.query<{ chargeId: string | null }[]>(
      periodIndex === 0
        ? `SELECT first_charge_id AS "chargeId" FROM policies WHERE id = $1`
        : `SELECT charge_id AS "chargeId" FROM statements WHERE policy_id = $1 AND period_index = $2 AND status = 'paid'`,
      periodIndex === 0 ? [policyId] : [policyId, periodIndex - 1],
    );
    return row?.chargeId ?? null;
  }

  async markRefunded(id: string, refundRef: string): Promise<boolean> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE statements SET status = 'refunded', refund_ref = $2, refunded_at = now(), updated_at = now() WHERE id = $1 AND status = 'credit' RETURNING id`,
      [id, refundRef],
    );
    return rows.length > 0;
  }

  /**
   * A page of the user's refunded credits (a cancellation's unused base rate paid back), newest
   * first, each with its policy's number and the charge it went back to (chargeThatPaid's rule).
   * `before` as in the charges' history: the last entry's time to the microsecond and its id.
   */
  refundedCreditsForUser(userId: string, before: { at: string; id: string } | null, limit: number): Promise<RefundedCreditRow[]> {
    return this.txHost.tx.query<RefundedCreditRow[]>(
      `${REFUNDED_CREDITS} AND p.user_id = $1 AND ($2::timestamptz IS NULL OR (s.refunded_at, s.id) < ($2::timestamptz, $3::uuid))
        ORDER BY s.refunded_at DESC, s.id DESC LIMIT $4`,
      [userId, before?.at ?? null, before?.id ?? null, limit],
    );
  }

  /** One refunded credit, whoever's (its receipt checks who may see it). */
  async findRefundedCredit(id: string): Promise<RefundedCreditRow | undefined> {
    const [row] = await this.txHost.tx.query<RefundedCreditRow[]>(`${REFUNDED_CREDITS} AND s.id = $1`, [id]);
    return row;
  }

  /** The periods of these statements (what a statement's charge paid for). */
  periodsOf(ids: string[]): Promise<StatementPeriodRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.txHost.tx.query<StatementPeriodRow[]>(
      `SELECT id, policy_id AS "policyId", to_char(period_start, 'YYYY-MM-DD') AS "periodStart", to_char(period_end, 'YYYY-MM-DD') AS "periodEnd"
         FROM statements WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** The last period made for a policy, or -1. */
  async lastPeriod(policyId: string): Promise<number> {
    const [row] = await this.txHost.tx.query<{ last: number | null }[]>(`SELECT max(period_index) AS last FROM statements WHERE policy_id = $1`, [policyId]);
    return row.last === null ? -1 : Number(row.last);
  }
}
