import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { BillingAnchor } from '../../shared/billing/billing-periods';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * Billing's settings of a policy, kept on its `policies` row: the billing day and the anchors
 * periods run from, the customer's mileage budget, and the periods whose budget warning and
 * missing-miles reminder were sent. Billing is their one writer after the policy is issued (the
 * first billing day is set when the policy is issued and confirmed, by policy); policy reads
 * them with the rest of the row. Moving them into a table of billing's own is left (issue 28).
 */
@Injectable()
export class BillingSettingsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Active policies whose customer set a monthly mileage budget: their ids. */
  async withBudgets(): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(`SELECT id FROM policies WHERE status = 'active' AND mile_budget IS NOT NULL`);
    return rows.map((row) => row.id);
  }

  async setMileBudget(id: string, miles: number | null): Promise<void> {
    // A new budget may warn again in the same period.
    await this.txHost.tx.query(`UPDATE policies SET mile_budget = $2, budget_alerted_period = NULL WHERE id = $1`, [id, miles]);
  }

  /** Records the warning for a period, once: false when it was already given. */
  async markBudgetAlerted(id: string, period: number): Promise<boolean> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE policies SET budget_alerted_period = $2 WHERE id = $1 AND budget_alerted_period IS DISTINCT FROM $2 RETURNING id`,
      [id, period],
    );
    return rows.length > 0;
  }

  /** The billing day the customer chose and where periods run from it. */
  async setBillingDay(id: string, day: number, anchors: BillingAnchor[]): Promise<void> {
    await this.txHost.tx.query(`UPDATE policies SET billing_day = $2, billing_anchors = $3 WHERE id = $1`, [id, day, JSON.stringify(anchors)]);
  }

  /** Records the reminder to send miles for a period, once: false when it was already sent. */
  async markMilesReminded(id: string, period: number): Promise<boolean> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE policies SET miles_reminded_period = $2 WHERE id = $1 AND miles_reminded_period IS DISTINCT FROM $2 RETURNING id`,
      [id, period],
    );
    return rows.length > 0;
  }
}
