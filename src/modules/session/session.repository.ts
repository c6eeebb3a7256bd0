import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

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

/** Operators' view of the session table: find and end sessions, prune the expired. */
@Injectable()
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(filter: { email?: string } = {}): Promise<SessionRow[]> {
    return this.dataSource.query<SessionRow[]>(
      `SELECT sid, user_id AS "userId", user_email AS "userEmail", expire,
              to_timestamp((sess->>'createdAt')::bigint / 1000.0) AS "createdAt",
              to_timestamp((sess->>'lastSeenAt')::bigint / 1000.0) AS "lastSeenAt",
              sess->>'userAgent' AS "userAgent", sess->>'staffEmail' AS "onBehalfBy"
         FROM session
        WHERE expire > now() AND ($1::text IS NULL OR user_email = lower($1)) ORDER BY expire DESC`,
      [filter.email ?? null],
    );
  }

  /**
   * Ends sessions for good (revoked ids are never written back). Returns how many ended. By
   * user: their own sessions and those in which they, as staff, act for a customer.
   */
  async revoke(filter: { sid: string } | { email: string } | { userId: string; email: string }, manager?: EntityManager): Promise<number> {
    const [where, values] =
      'sid' in filter
        ? ['sid = $1', [filter.sid]]
        : 'userId' in filter
          ? [`(user_id = $1 OR user_email = lower($2) OR sess->>'staffUserId' = $1 OR lower(sess->>'staffEmail') = lower($2))`, [filter.userId, filter.email]]
          : [`(user_email = lower($1) OR lower(sess->>'staffEmail') = lower($1))`, [filter.email]];
    const rows = await (manager ?? this.dataSource).query<{ sid: string }[]>(
      `WITH gone AS (DELETE FROM session WHERE ${where} RETURNING sid)
       INSERT INTO session_revocations (sid) SELECT sid FROM gone ON CONFLICT (sid) DO NOTHING RETURNING sid`,
      values,
    );
    return rows.length;
  }

  /** Expired sessions, and revocations older than any session could live. */
  async prune(now: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM session WHERE expire < $1`, [now]);
    await this.dataSource.query(`DELETE FROM session_revocations WHERE revoked_at < $1`, [new Date(now.getTime() - 24 * 3600 * 1000)]);
  }
}
