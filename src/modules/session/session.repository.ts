import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { SessionReadCache } from './session-read-cache';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface SessionRow {
  sid: string;
  userId: string | null;
  userEmail: string | null;
  expire: Date;
  createdAt: Date | null;
  lastSeenAt: Date | null;
  userAgent: string | null;
  /** The staff member's e-mail when this session purchases on the user's behalf. */
  onBehalfBy: string | null;
}

/**
 * A live session as the admin screens show it, found by a user's e-mail: their own, and those
 * in which the user, as staff, acts for a customer (`actingFor`). Never the store's sid: the
 * public `sessionId` names it.
 */
export interface AdminSessionRow {
  sessionId: string;
  userEmail: string;
  createdAt: Date | null;
  lastSeenAt: Date | null;
  userAgent: string | null;
  ip: string | null;
  /** The staff member's e-mail when staff act for this user in the session (not the user's to end). */
  onBehalfBy: string | null;
  /** The customer's e-mail when the user (staff) acts for them in the session. */
  actingFor: string | null;
}

/**
 * Whose sessions a user's are: their own (no staff member acting for them in it) and those in
 * which they act for a customer. A customer's sessions never include staff's sessions for them.
 */
const OWNED_BY = `((user_email = lower($1) AND sess->>'staffUserId' IS NULL) OR lower(sess->>'staffEmail') = lower($1))`;

/** Operators' view of the session table: find and end sessions, prune the expired. */
@Injectable()
export class SessionRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly keptReads: SessionReadCache,
  ) {}

  list(filter: { email?: string } = {}): Promise<SessionRow[]> {
    return this.txHost.tx.query<SessionRow[]>(
      `SELECT sid, user_id AS "userId", user_email AS "userEmail", expire,
              to_timestamp((sess->>'createdAt')::bigint / 1000.0) AS "createdAt",
              to_timestamp((sess->>'lastSeenAt')::bigint / 1000.0) AS "lastSeenAt",
              sess->>'userAgent' AS "userAgent", sess->>'staffEmail' AS "onBehalfBy"
         FROM session
        WHERE expire > now() AND ($1::text IS NULL OR user_email = lower($1)) ORDER BY expire DESC`,
      [filter.email ?? null],
    );
  }

  /** A user's sessions, and those staff hold for them (marked onBehalfBy), newest first. */
  listByEmail(email: string): Promise<AdminSessionRow[]> {
    return this.txHost.tx.query<AdminSessionRow[]>(
      `SELECT sess->>'sessionId' AS "sessionId",
              CASE WHEN lower(sess->>'staffEmail') = lower($1) THEN sess->>'staffEmail' ELSE user_email END AS "userEmail",
              to_timestamp((sess->>'createdAt')::bigint / 1000.0) AS "createdAt",
              to_timestamp((sess->>'lastSeenAt')::bigint / 1000.0) AS "lastSeenAt",
              sess->>'userAgent' AS "userAgent", sess->>'ip' AS "ip",
              CASE WHEN user_email = lower($1) THEN sess->>'staffEmail' END AS "onBehalfBy",
              CASE WHEN lower(sess->>'staffEmail') = lower($1) THEN user_email END AS "actingFor"
         FROM session
        WHERE expire > now() AND sess->>'sessionId' IS NOT NULL AND (user_email = lower($1) OR lower(sess->>'staffEmail') = lower($1))
        ORDER BY (sess->>'lastSeenAt')::bigint DESC NULLS LAST`,
      [email],
    );
  }

  /** Ends one of a user's own sessions by its public id (see OWNED_BY); 0 when it is not theirs or gone. */
  async revokeOwned(email: string, sessionId: string): Promise<number> {
    return this.revokeWhere(`sess->>'sessionId' = $2 AND ${OWNED_BY}`, [email, sessionId]);
  }

  /**
   * Ends sessions for good (revoked ids are never written back). Returns how many ended. By
   * e-mail: the user's own sessions and those in which they, as staff, act for a customer, never
   * a staff member's session acting for them (OWNED_BY). By account (staff deactivation): every
   * session naming the account.
   */
  async revoke(filter: { sid: string } | { email: string } | { userId: string; email: string }): Promise<number> {
    const [where, values] =
      'sid' in filter
        ? ['sid = $1', [filter.sid]]
        : 'userId' in filter
          ? [`(user_id = $1 OR user_email = lower($2) OR sess->>'staffUserId' = $1 OR lower(sess->>'staffEmail') = lower($2))`, [filter.userId, filter.email]]
          : [OWNED_BY, [filter.email]];
    return this.revokeWhere(where, values);
  }

  private async revokeWhere(where: string, values: unknown[]): Promise<number> {
    const rows = await this.txHost.tx.query<{ sid: string }[]>(
      `WITH gone AS (DELETE FROM session WHERE ${where} RETURNING sid)
       INSERT INTO session_revocations (sid) SELECT sid FROM gone ON CONFLICT (sid) DO NOTHING RETURNING sid`,
      values,
    );
    // Before the caller's commit: this process's pages stop serving them now; the rows' notices
    // (at the commit) forget them everywhere, here again too.
    for (const { sid } of rows) this.keptReads.forget(sid);
    return rows.length;
  }

  /** Signed-in sessions not yet expired (the operators' metrics). */
  async countActive(): Promise<number> {
    const [row] = await this.txHost.tx.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM session WHERE user_id IS NOT NULL AND expire > now()`);
    return row.n;
  }

  /** Expired sessions, and revocations older than any session could live. */
  async prune(now: Date): Promise<void> {
    await this.txHost.tx.query(`DELETE FROM session WHERE expire < $1`, [now]);
    await this.txHost.tx.query(`DELETE FROM session_revocations WHERE revoked_at < $1`, [new Date(now.getTime() - 24 * 3600 * 1000)]);
  }
}
