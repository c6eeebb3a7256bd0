import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { AUDIT_READ_ACTIONS } from '../../shared/audit/audit-actions';
import type { AuditChange } from '../../shared/audit/audit-changes';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface AuditEntry {
  actorUserId: string;
  actorEmail: string;
  actorRole: string;
  customerUserId?: string | null;
  customerEmail?: string | null;
  action: string;
  target?: string | null;
  correlationId?: string | null;
  /** What a change changed, before and after (src/shared/audit/audit-changes.ts). */
  changes?: AuditChange[] | null;
}

export interface AuditRecord extends AuditEntry {
  id: string;
  at: Date;
}

const COLUMNS = `id, at, actor_user_id AS "actorUserId", actor_email AS "actorEmail", actor_role AS "actorRole",
  customer_user_id AS "customerUserId", customer_email AS "customerEmail", action, target, correlation_id AS "correlationId", changes`;

/** The append-only record of what staff did (the table refuses updates and deletes). */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO audit_log (actor_user_id, actor_email, actor_role, customer_user_id, customer_email, action, target, correlation_id, changes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.actorUserId,
        entry.actorEmail,
        entry.actorRole,
        entry.customerUserId ?? null,
        entry.customerEmail ?? null,
        entry.action,
        entry.target ?? null,
        entry.correlationId ?? null,
        entry.changes?.length ? JSON.stringify(entry.changes) : null,
      ],
    );
  }

  /** Newest first; `actor` and `customer` match a user id or an e-mail. */
  list(filter: AuditFilter & { limit?: number; offset?: number }): Promise<AuditRecord[]> {
    const [where, values] = whereOf(filter);
    return this.txHost.tx.query<AuditRecord[]>(
      `SELECT ${COLUMNS} FROM audit_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, filter.limit ?? 200, filter.offset ?? 0],
    );
  }

  /** Every action the log holds, for the admin screen's filter. */
  async actions(): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ action: string }[]>(`SELECT DISTINCT action FROM audit_log ORDER BY action`);
    return rows.map((row) => row.action);
  }
}

/**
 * What the admin screen filters the log by: `actor` and `customer` a user id or an e-mail
 * (whole, any case), `action` exact, `from` inclusive and `to` exclusive instants.
 */
export interface AuditFilter {
  actor?: string;
  customer?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /**
   * `actions`: what staff did (every entry but the reads a screen makes by itself); `reads`: only
   * those reads (who looked at a customer's data); absent: both.
   */
  kind?: 'actions' | 'reads';
}

function whereOf(filter: AuditFilter): [string, unknown[]] {
  return [
    `($1::text IS NULL OR actor_user_id::text = $1 OR lower(actor_email) = lower($1))
      AND ($2::text IS NULL OR customer_user_id::text = $2 OR lower(customer_email) = lower($2))
      AND ($3::text IS NULL OR action = $3)
      AND ($4::timestamptz IS NULL OR at >= $4) AND ($5::timestamptz IS NULL OR at < $5)
      AND ($6::text IS NULL OR ($6 = 'reads') = (action = ANY($7::text[])))`,
    [filter.actor ?? null, filter.customer ?? null, filter.action ?? null, filter.from ?? null, filter.to ?? null, filter.kind ?? null, AUDIT_READ_ACTIONS],
  ];
}
