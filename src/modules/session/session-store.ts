import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import { sessionReads } from '../../common/metrics/metrics-registry';
import { IDLE_TIMEOUT_MS } from './session-cookie';
import { LAST_SEEN_RESOLUTION_MS } from './session-timeouts.middleware';
import type { SessionReadCache } from './session-read-cache';
import type { Pool } from 'pg';

const PgStore = connectPgSimple(session);

/**
 * A failed read as express-session must see it: express-session takes an error coded ENOENT for
 * "no such session" (a file store's missing file) and starts a new, signed-out one — and a
 * database reached by its Unix socket that is gone (PostgreSQL stopped) fails with exactly that
 * code. Wrapped, the read fails as any other outage: a 503, the visitor's cookie left alone.
 */
function readFailure(err: unknown): unknown {
  if ((err as { code?: unknown } | null)?.code !== 'ENOENT') return err;
  return new Error(`The session store cannot be reached: ${String((err as Error).message ?? err)}`, { cause: err });
}
type Callback = (err?: unknown) => void;

/** Longer than any request runs: a request that read a session before it was replaced has answered by then. */
const REPLACED_MEMORY_MS = 60_000;
/** Far more sessions than one process has requests in flight. */
const READ_EXPIRY_LIMIT = 10_000;

/**
 * connect-pg-simple on our migrated `session` table, with one change: a destroyed session's id
 * is remembered (session_revocations), and a save for a revoked id writes nothing. A slow
 * request that loaded the session before a sign-out can no longer bring it back.
 */
export class SessionStore extends PgStore {
  private readonly db: Pool;
  /** Ids this process destroyed lately (a sign-in, a change of hands, a sign-out), with when. */
  private readonly replaced = new Map<string, number>();
  /** The row's expiry as this process last read it, per id, until that request's touch. */
  private readonly readExpiry = new Map<string, number>();

  constructor(
    pool: Pool,
    private readonly cache?: SessionReadCache,
  ) {
    super({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: false });
    this.db = pool;
  }

  /**
   * The store as the pages behind sign-in read it (issue 29): the session kept in the process
   * while its row is unchanged (SessionReadCache), else read as `get` reads it. Only for those
   * pages, which show the session and change nothing: every API call, every write, reads afresh.
   */
  keptReads(): SessionStore {
    const cache = this.cache;
    if (!cache) return this;
    const get: SessionStore['get'] = (sid, callback) => {
      const kept = cache.read(sid, Date.now());
      if (!kept) {
        sessionReads.inc({ outcome: 'read' });
        return this.get(sid, callback);
      }
      sessionReads.inc({ outcome: 'kept' });
      this.keepReadExpiry(sid, kept.expire);
      callback(null, kept.session);
    };
    // Everything else (writes, touch, the remembered ids) is this store's own.
    return Object.create(this, { get: { value: get } }) as SessionStore;
  }

  /**
   * The session, or for an id that was revoked a stand-in marked `revoked` (one statement either
   * way): the request then goes on signed out and leaves the browser's cookie alone, since the
   * browser sent it before it learned the id that replaced it (issue 18).
   */
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const mark = this.cache?.mark();
    this.db
      .query<{ sess: SessionData | string | null; expire: Date | null; revoked: boolean }>({
        // Named: prepared once per connection, not parsed and planned again on every request.
        name: 'session-read',
        text: `SELECT s.sess, s.expire, EXISTS (SELECT 1 FROM session_revocations r WHERE r.sid = $1) AS revoked
                 FROM (SELECT 1) one LEFT JOIN session s ON s.sid = $1 AND s.expire >= to_timestamp($2)`,
        values: [sid, Math.ceil(Date.now() / 1000)],
      })
      .then(
        ({ rows: [row] }) => {
          if (row?.sess) {
            this.keepReadExpiry(sid, row.expire);
            const session = typeof row.sess === 'string' ? (JSON.parse(row.sess) as SessionData) : row.sess;
            if (mark !== undefined) this.cache!.keep(sid, session, row.expire, mark);
            return callback(null, session);
          }
          if (!row?.revoked) return callback(null, null);
          callback(null, { cookie: { originalMaxAge: IDLE_TIMEOUT_MS, expires: new Date(Date.now() + IDLE_TIMEOUT_MS) }, revoked: true });
        },
        (err: unknown) => callback(readFailure(err)),
      );
  }

  /** Whether this process replaced or ended the session lately (see `replaced`). */
  replacedLately(sid: string): boolean {
    const at = this.replaced.get(sid);
    return at !== undefined && Date.now() - at < REPLACED_MEMORY_MS;
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + IDLE_TIMEOUT_MS);
    this.cache?.forget(sid);
    this.db
      .query(
        `INSERT INTO session (sess, expire, sid)
         SELECT $1::json, $2::timestamptz, $3::varchar WHERE NOT EXISTS (SELECT 1 FROM session_revocations WHERE sid = $3::varchar)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [JSON.stringify(sess), expires, sid],
      )
      .then(
        () => this.written(sid, callback),
        (err: unknown) => this.written(sid, callback, err),
      );
  }

  /**
   * `rolling` makes express-session touch the row on every request whose session did not
   * change: an UPDATE and a commit (a WAL flush) each time, half of the statements of a
   * signed-in page view. A signed-in session records lastSeenAt each minute, a full save that
   * moves the row's expiry, so within that minute the touch is skipped altogether. Otherwise
   * (an anonymous visitor's quote) the row is written only when its expiry moves by more than
   * a minute, which the expiry read with the session tells without asking the database again.
   */
  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    const now = Date.now();
    const sinceSeen = now - (sess.lastSeenAt ?? -Infinity);
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(now + IDLE_TIMEOUT_MS);
    const read = this.readExpiry.get(sid);
    this.readExpiry.delete(sid);
    const movesLittle = read !== undefined && read >= expires.getTime() - LAST_SEEN_RESOLUTION_MS;
    if ((sinceSeen >= 0 && sinceSeen < LAST_SEEN_RESOLUTION_MS) || movesLittle) {
      callback?.();
      return;
    }
    this.db
      .query(`UPDATE session SET expire = $1::timestamptz WHERE sid = $2 AND expire < $1::timestamptz - make_interval(secs => $3)`, [
        expires,
        sid,
        LAST_SEEN_RESOLUTION_MS / 1000,
      ])
      .then(
        () => this.written(sid, callback),
        (err: unknown) => this.written(sid, callback, err),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.remember(sid);
    this.cache?.forget(sid);
    this.db
      .query(
        `WITH gone AS (DELETE FROM session WHERE sid = $1)
         INSERT INTO session_revocations (sid) VALUES ($1) ON CONFLICT (sid) DO NOTHING`,
        [sid],
      )
      .then(
        () => this.written(sid, callback),
        (err: unknown) => this.written(sid, callback, err),
      );
  }

  /**
   * A write to the session's row is over (or failed): its kept read is forgotten once more, as a
   * page's read that began before the commit may have kept the old row (forgotten before the write
   * too, and by the row's notice).
   */
  private written(sid: string, callback: Callback | undefined, err?: unknown): void {
    this.cache?.forget(sid);
    callback?.(err);
  }

  /**
   * Kept only from a read to the same request's touch; a request that saves instead, or fails,
   * leaves its entry, so the oldest go once there are more than requests in flight could hold.
   */
  private keepReadExpiry(sid: string, expire: Date | null): void {
    if (!expire) return;
    this.readExpiry.delete(sid);
    this.readExpiry.set(sid, expire.getTime());
    if (this.readExpiry.size > READ_EXPIRY_LIMIT) this.readExpiry.delete(this.readExpiry.keys().next().value!);
  }

  /** The map stays in the order ids were remembered, so forgetting stops at the first one still young. */
  private remember(sid: string): void {
    const now = Date.now();
    for (const [old, at] of this.replaced) {
      if (now - at < REPLACED_MEMORY_MS) break;
      this.replaced.delete(old);
    }
    this.replaced.delete(sid);
    this.replaced.set(sid, now);
  }
}
