import { browserLike, sessionCookieOf } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/**
 * Issue 17: a rolling session's row is written when its expiry moves by more than a minute, not on
 * every request (each write was a commit waiting for the disk, on every call of a quote's flow).
 */
describe('Session expiry kept current without a write per request (issue 17)', () => {
  const sut = useTestApp({ db: true });

  const expiryOf = async (sid: string) => (await sut.db.query('SELECT expire, xmin::text AS version FROM session WHERE sid = $1', [sid])).rows[0];

  it("moves an anonymous visitor's expiry when it lags by over a minute, and leaves the row alone otherwise", async () => {
    const client = browserLike(sut);
    const created = await client.post('/api/session').send({ anonymousId: crypto.randomUUID() }).expect(200);
    const sid = decodeURIComponent(sessionCookieOf(created)!.split('=')[1]).slice(2).split('.')[0];
    await sut.db.query(`UPDATE session SET expire = expire - interval '10 minutes' WHERE sid = $1`, [sid]);
    const lagging = await expiryOf(sid);

    await client.get('/api/session').expect(200);
    const moved = await expiryOf(sid);
    expect(moved.expire.getTime()).toBeGreaterThan(lagging.expire.getTime() + 9 * 60_000);

    await client.get('/api/session').expect(200);
    await client.get('/api/session').expect(200);
    // Not written again: the same row version, the same expiry.
    expect(await expiryOf(sid)).toEqual(moved);
  });
});
