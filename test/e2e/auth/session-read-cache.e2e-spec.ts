import request from 'supertest';
import { SessionAdmin } from '../../../src/modules/session';
import { LISTENER_APPLICATION_NAME } from '../../../src/modules/session/session-change-listener';
import { SessionReadCache } from '../../../src/modules/session/session-read-cache';
import { signedInCustomer } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/**
 * Issue 29: the pages behind sign-in read the session as the process keeps it while its row is
 * unchanged (src/modules/session/session-read-cache.ts), so a kept page asks the database nothing.
 * Whatever changes the row — this process, another instance, an operator's SQL — the row's notice
 * forgets it; this process's own sign-outs and revocations forget it at once; and nothing is served
 * from memory while the process is not listening for those notices.
 */
describe('Session reads kept for the signed-in pages (issue 29)', () => {
  jest.setTimeout(60_000);
  const sut = useTestApp({ db: true });
  let cache: SessionReadCache;

  beforeAll(() => {
    cache = sut.app.get(SessionReadCache);
  });

  const customer = () => signedInCustomer(sut, 'kept-session');

  /** How many session reads of the pages were kept and read, from the app's metrics. */
  async function reads(): Promise<{ kept: number; read: number }> {
    const text = (await request(sut.url).get('/metrics')).text;
    const count = (outcome: string) => Number(new RegExp(`^meterly_session_reads_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { kept: count('kept'), read: count('read') };
  }

  /** The page's read counts for one visit. */
  async function visit(path: string, cookie: string) {
    const before = await reads();
    const res = await request(sut.url).get(path).set('Cookie', cookie);
    const after = await reads();
    return { res, kept: after.kept - before.kept, read: after.read - before.read };
  }

  async function until(what: string, holds: () => boolean | Promise<boolean>, withinMs = 5_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!(await holds())) {
      if (Date.now() > deadline) throw new Error(`Not within ${withinMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    // The listener opens at the first page's read (a process that serves none opens none).
    expect(cache.serving()).toBe(false);
    await visit('/profile', (await customer()).cookie);
  });

  beforeEach(async () => {
    await until('the listener listens', () => cache.serving());
  });

  it('reads the session once, then serves the next visits of any page behind sign-in from memory; the API always reads afresh', async () => {
    const { email, cookie } = await customer();
    const first = await visit('/profile', cookie);
    expect([first.res.status, first.read, first.kept]).toEqual([200, 1, 0]);
    expect(first.res.text).toContain(email);
    for (const path of ['/profile', '/quote/application', '/es/profile']) {
      const again = await visit(path, cookie);
      expect([path, again.res.status, again.read, again.kept]).toEqual([path, 200, 0, 1]);
      expect(again.res.text).toContain(email);
    }
    const api = await visit('/api/session', cookie);
    expect([api.res.status, api.read, api.kept]).toEqual([200, 0, 0]);
  });

  it('forgets a session changed from outside the process (SQL) when its row’s notice comes', async () => {
    const { cookie, sid } = await customer();
    await visit('/profile', cookie);
    expect((await visit('/profile', cookie)).kept).toBe(1);
    // Seen five minutes ago, as another instance or a tool could write it: the page must see it and record the visit.
    await sut.db.query(`UPDATE session SET sess = (sess::jsonb || jsonb_build_object('lastSeenAt', $2::bigint))::json WHERE sid = $1`, [
      sid,
      Date.now() - 5 * 60_000,
    ]);
    await until('the notice forgets the kept read', () => cache.read(sid, Date.now()) === undefined);
    const after = await visit('/profile', cookie);
    expect([after.res.status, after.read, after.kept]).toEqual([200, 1, 0]);
    const { rows } = await sut.db.query<{ seen: string }>(`SELECT sess->>'lastSeenAt' AS seen FROM session WHERE sid = $1`, [sid]);
    expect(Number(rows[0].seen)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends a kept session at once when this process signs it out or revokes it', async () => {
    const signingOut = await customer();
    await visit('/profile', signingOut.cookie);
    await request(sut.url).post('/api/auth/sign-out').set('Origin', sut.url).set('Cookie', signingOut.cookie).send({}).expect(200);
    const afterSignOut = await visit('/profile', signingOut.cookie);
    expect([afterSignOut.res.status, afterSignOut.res.headers.location, afterSignOut.kept]).toEqual([302, '/login?redirect=%2Fprofile', 0]);

    const revoked = await customer();
    await visit('/quote/application', revoked.cookie);
    expect((await visit('/quote/application', revoked.cookie)).kept).toBe(1);
    expect(await sut.app.get(SessionAdmin).revoke({ email: revoked.email })).toBe(1);
    const afterRevoke = await visit('/quote/application', revoked.cookie);
    expect([afterRevoke.res.status, afterRevoke.res.headers.location, afterRevoke.kept]).toEqual([302, '/login?redirect=%2Fquote%2Fapplication', 0]);
  });

  it('serves nothing from memory while its listener is gone, and keeps again once it listens again', async () => {
    const { cookie } = await customer();
    await visit('/profile', cookie);
    expect((await visit('/profile', cookie)).kept).toBe(1);
    const { rowCount } = await sut.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rowCount).toBe(1);
    await until('the listener is seen gone', () => !cache.serving());
    const meanwhile = await visit('/profile', cookie);
    expect([meanwhile.res.status, meanwhile.read, meanwhile.kept]).toEqual([200, 1, 0]);
    await until('the listener listens again', () => cache.serving());
    await visit('/profile', cookie);
    expect((await visit('/profile', cookie)).kept).toBe(1);
  });
});
