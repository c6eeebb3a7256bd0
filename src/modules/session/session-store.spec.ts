import type { SessionData } from 'express-session';
import type { Pool } from 'pg';
import { SessionStore } from './session-store';

describe('SessionStore.touch', () => {
  const pool = () => {
    const query = jest.fn((..._args: unknown[]) => Promise.resolve({ rows: [], rowCount: 1 }));
    return { pool: { query } as unknown as Pool, query };
  };
  const session = (lastSeenAt?: number) => ({ cookie: { maxAge: 1_800_000, originalMaxAge: 1_800_000, expires: new Date(Date.now() + 1_800_000) }, lastSeenAt }) as unknown as SessionData;
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
      expect(String(query.mock.calls[0][0])).toMatch(/UPDATE session SET expire = \$1::timestamptz WHERE sid = \$2 AND expire < \$1::timestamptz - make_interval\(secs => \$3\)/);
      expect(query.mock.calls[0][1]).toEqual([expect.any(Date), 'sid-1', 60]);
    }
  });
});
