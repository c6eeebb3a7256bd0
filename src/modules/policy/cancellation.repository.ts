import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Who asked for a policy's latest cancellation and why (migrations/1795740000000-PolicyCancellations.ts, 1795770000000). */
export interface CancellationRecord {
  /** 'meterly': a cancellation for non-payment. */
  askedBy: 'customer' | 'staff' | 'meterly';
  staffEmail: string | null;
  reason: string;
  recordedAt: Date;
}

@Injectable()
export class CancellationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async record(policyId: string, record: Omit<CancellationRecord, 'recordedAt'> & { at: Date }): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO policy_cancellations (policy_id, asked_by, staff_email, reason, recorded_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (policy_id)
         DO UPDATE SET asked_by = EXCLUDED.asked_by, staff_email = EXCLUDED.staff_email, reason = EXCLUDED.reason, recorded_at = EXCLUDED.recorded_at`,
      [policyId, record.askedBy, record.staffEmail, record.reason, record.at],
    );
  }

  async find(policyId: string): Promise<CancellationRecord | undefined> {
    const [row] = await this.txHost.tx.query<CancellationRecord[]>(
      `SELECT asked_by AS "askedBy", staff_email AS "staffEmail", reason, recorded_at AS "recordedAt" FROM policy_cancellations WHERE policy_id = $1`,
      [policyId],
    );
    return row;
  }
}
