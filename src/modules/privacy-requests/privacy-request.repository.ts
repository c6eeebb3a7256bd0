import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { PrivacyRequestKind, PrivacyRequestStatus } from '../../shared/privacy/privacy-request-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A request as kept (migrations/1795820000000-PrivacyRequests.ts). */
export interface PrivacyRequestRow {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  userId: string | null;
  email: string;
  openedByUserId: string | null;
  receivedAt: Date;
  dueAt: Date;
  extendedAt: Date | null;
  extensionReason: string | null;
  closedAt: Date | null;
  outcomeNote: string | null;
}

const COLUMNS = `r.id, r.kind, r.status, r.user_id AS "userId", r.email, r.opened_by_user_id AS "openedByUserId",
  r.received_at AS "receivedAt", r.due_at AS "dueAt", r.extended_at AS "extendedAt", r.extension_reason AS "extensionReason",
  r.closed_at AS "closedAt", r.outcome_note AS "outcomeNote"`;

/** The privacy_requests table: its one writer. */
@Injectable()
export class PrivacyRequestRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(request: {
    kind: PrivacyRequestKind;
    userId: string;
    email: string;
    openedByUserId: string | null;
    receivedAt: Date;
    dueAt: Date;
  }): Promise<PrivacyRequestRow> {
    const [row] = await this.txHost.tx.query<PrivacyRequestRow[]>(
      `INSERT INTO privacy_requests AS r (kind, user_id, email, opened_by_user_id, received_at, due_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [request.kind, request.userId, request.email, request.openedByUserId, request.receivedAt, request.dueAt],
    );
    return row;
  }

  async find(id: string): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.txHost.tx.query<PrivacyRequestRow[]>(`SELECT ${COLUMNS} FROM privacy_requests r WHERE r.id = $1`, [id]);
    return row;
  }

  /** The customer's open request of this kind, if any (one at a time: a second click finds the first). */
  async openOf(userId: string, kind: PrivacyRequestKind): Promise<PrivacyRequestRow | undefined> {
    const [row] = await this.txHost.tx.query<PrivacyRequestRow[]>(
      `SELECT ${COLUMNS} FROM privacy_requests r WHERE r.user_id = $1 AND r.kind = $2 AND r.status = 'open' ORDER BY r.received_at DESC LIMIT 1`,
      [userId, kind],
    );
    return row;
  }

  /** Serialises the opening of a customer's requests of one kind (two tabs, a retried POST). */
  async lockOpening(userId: string, kind: PrivacyRequestKind): Promise<void> {
    await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('privacy-requests:' || $1 || ':' || $2, 0))`, [userId, kind]);
  }

  /** The customer's requests, newest first. */
  ofUser(userId: string): Promise<PrivacyRequestRow[]> {
    return this.txHost.tx.query<PrivacyRequestRow[]>(`SELECT ${COLUMNS} FROM privacy_requests r WHERE r.user_id = $1 ORDER BY r.received_at DESC, r.id`, [
      userId,
    ]);
  }

  /** For the admin screen: open ones first, soonest due first; then the closed, latest closed first. */
  list(filter: { status?: PrivacyRequestStatus; limit: number; offset: number }): Promise<PrivacyRequestRow[]> {
    return this.txHost.tx.query<PrivacyRequestRow[]>(
      `SELECT ${COLUMNS} FROM privacy_requests r WHERE ($1::text IS NULL OR r.status = $1)
        ORDER BY (r.status = 'open') DESC, CASE WHEN r.status = 'open' THEN r.due_at END ASC, r.closed_at DESC NULLS LAST, r.id
        LIMIT $2 OFFSET $3`,
      [filter.status ?? null, filter.limit, filter.offset],
    );
  }

  /** Closes open request `id`; undefined when it is not open (closed already: the first answer stands). */
  async close(id: string, status: Exclude<PrivacyRequestStatus, 'open'>, at: Date, outcomeNote: string | null): Promise<PrivacyRequestRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<PrivacyRequestRow>>(
      `UPDATE privacy_requests r SET status = $2, closed_at = $3, outcome_note = $4 WHERE r.id = $1 AND r.status = 'open' RETURNING ${COLUMNS}`,
      [id, status, at, outcomeNote],
    );
    return row;
  }

  /** Extends open request `id` once, to `dueAt`; undefined when it is not open or was extended already. */
  async extend(id: string, at: Date, dueAt: Date, reason: string): Promise<PrivacyRequestRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<PrivacyRequestRow>>(
      `UPDATE privacy_requests r SET extended_at = $2, due_at = $3, extension_reason = $4
        WHERE r.id = $1 AND r.status = 'open' AND r.extended_at IS NULL RETURNING ${COLUMNS}`,
      [id, at, dueAt, reason],
    );
    return row;
  }
}
