import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AuditEntry {
  actorUserId: string;
  actorEmail: string;
  actorRole: string;
  customerUserId?: string | null;
  customerEmail?: string | null;
  action: string;
  target?: string | null;
  correlationId?: string | null;
}

export interface AuditRecord extends AuditEntry {
  id: string;
  at: Date;
}

const COLUMNS = `id, at, actor_user_id AS "actorUserId", actor_email AS "actorEmail", actor_role AS "actorRole",
  customer_user_id AS "customerUserId", customer_email AS "customerEmail", action, target, correlation_id AS "correlationId"`;

/** The append-only record of what staff did (the table refuses updates and deletes). */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_log (actor_user_id, actor_email, actor_role, customer_user_id, customer_email, action, target, correlation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [entry.actorUserId, entry.actorEmail, entry.actorRole, entry.customerUserId ?? null, entry.customerEmail ?? null, entry.action, entry.target ?? null, entry.correlationId ?? null],
    );
  }

  /** Newest first; `actor` and `customer` match a user id or an e-mail. */
  list(filter: { actor?: string; customer?: string; limit?: number }): Promise<AuditRecord[]> {
    return this.dataSource.query<AuditRecord[]>(
      `SELECT ${COLUMNS} FROM audit_log
        WHERE ($1::text IS NULL OR actor_user_id::text = $1 OR lower(actor_email) = lower($1))
          AND ($2::text IS NULL OR customer_user_id::text = $2 OR lower(customer_email) = lower($2))
        ORDER BY at DESC, id DESC LIMIT $3`,
      [filter.actor ?? null, filter.customer ?? null, filter.limit ?? 200],
    );
  }
}
