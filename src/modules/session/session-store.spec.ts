import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { SessionStore } from './session-store';
import type { SessionData } from 'express-session';
import type { Pool } from 'pg';

describe('SessionStore.touch', () => {
  const pool = () => {
    const query = jest.fn((..._args: unknown[]) => Promise.resolve({ rows: [], rowCount: 1 }));
    return { pool: { query } as unknown as Pool, query };
  };
  const session = (lastSeenAt?: number) =>
    ({ cookie: { maxAge: 1_800_000, originalMaxAge: 1_800_000, expires: new Date(Date.now() + 1_800_000) }, lastSeenAt }) as unknown as SessionData;
  const touch = (store: SessionStore, sess: SessionData) => new Promise<void>((resolve) => store.touch('sid-1', sess, () => resolve()));

  it('writes nothing for a signed-in session seen within the minute (its last save moved the expiry)', async () => {
    const { pool: db, query } = pool();
    await touch(new SessionStore(db), session(Date.now() - 5_000));
    expect(query).not.toHaveBeenCalled();
  });

  it('moves the expiry of a session last seen longer ago, or never (an anonymous visitor), only when it moves by over a minute', async () => {
    for (const lastSeenAt of [Date.now() - 61_000, undefined]) {
      const { pool: db, query } = pool();
      await touch(new SessionStore(db), session(lastSeenAt));
      expect(query).toHaveBeenCalledTimes(1);
      expect(String(query.mock.calls[0][0])).toMatch(
        /UPDATE session SET expire = \$1::timestamptz WHERE sid = \$2 AND expire < \$1::timestamptz - make_interval\(secs => \$3\)/,
      );
      expect(query.mock.calls[0][1]).toEqual([expect.any(Date), 'sid-1', 60]);
    }
  });

  it("asks nothing of an anonymous visitor's session whose expiry, as read for this request, would move by under a minute; writes once it would move by more", async () => {
    for (const [readAgo, writes] of [
      [5_000, 0],
      [61_000, 1],
    ] as const) {
      // The read is a named statement ({ name, text, values }), the writes are text.
      const query = jest.fn((sql: string | { text: string }) =>
        Promise.resolve(
          typeof sql !== 'string'
            ? { rows: [{ sess: { cookie: {} }, expire: new Date(Date.now() + 1_800_000 - readAgo), revoked: false }] }
            : { rows: [], rowCount: 0 },
        ),
      );
      const sut = new SessionStore({ query } as unknown as Pool);
      await new Promise<void>((resolve) => sut.get('sid-1', () => resolve()));
      await touch(sut, session(undefined));
      expect(query.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.startsWith('UPDATE'))).toHaveLength(writes);
      // Kept for that request only: the next touch without a read asks the database.
      await touch(sut, session(undefined));
      expect(query.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.startsWith('UPDATE'))).toHaveLength(writes + 1);
    }
  });
});

describe('SessionStore.get', () => {
  const storeAnswering = (row: object | undefined) =>
    new SessionStore({ query: jest.fn(() => Promise.resolve({ rows: row ? [row] : [] })) } as unknown as Pool);
  const get = (store: SessionStore) =>
    new Promise<SessionData | null | undefined>((resolve, reject) =>
      store.get('sid-1', (err: unknown, sess) => (err ? reject(err instanceof Error ? err : new Error('get failed', { cause: err })) : resolve(sess))),
    );

  it('answers the stored session, nothing for an unknown id, and a stand-in marked revoked for a revoked one', async () => {
    await expect(get(storeAnswering({ sess: { userId: 'u1' }, revoked: false }))).resolves.toEqual({ userId: 'u1' });
    await expect(get(storeAnswering({ sess: null, revoked: false }))).resolves.toBeNull();
    const revoked = await get(storeAnswering({ sess: null, revoked: true }));
    expect(revoked).toMatchObject({ revoked: true, cookie: { originalMaxAge: 1_800_000 } });
    expect(revoked).not.toHaveProperty('userId');
  });

  it('fails a read whose database socket is gone as an outage, never with ENOENT, which express-session takes for "no session" and signs the visitor out', async () => {
    const gone = Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' });
    const sut = new SessionStore({ query: jest.fn(() => Promise.reject(gone)) } as unknown as Pool);
    const failure = await get(sut).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toHaveProperty('code', 'ENOENT');
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it('remembers for a minute the ids it destroyed, so a slower request of the same browser sets no cookie for them', async () => {
    const sut = storeAnswering(undefined);
    await new Promise<void>((resolve) => sut.destroy('sid-gone', () => resolve()));
    expect(sut.replacedLately('sid-gone')).toBe(true);
    expect(sut.replacedLately('sid-other')).toBe(false);
  });
});
