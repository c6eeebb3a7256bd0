import { MaintenanceService } from '../../../src/modules/maintenance/maintenance.service';
import { runCli } from '../../support/run-cli';
import { browserLike, sessionCookieOf, signIn } from '../../support/sign-in';
import { withDatabase } from '../../support/test-database';
import { useTestApp } from '../../support/use-test-app';

const runSessionsCli = (databaseUrl: string, args: string[]) => runCli('sessions', databaseUrl, args);

describe('Operating sessions: npm run sessions, and plain SQL', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  it("lists a user's sessions and revokes them by e-mail; the cookie is then dead", async () => {
    const visitor = await signIn(sut, 'Ops.User@example.com');
    const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
    const listed = await runSessionsCli(sut.databaseUrl, ['list', '--email', 'ops.user@example.com']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/\tOps\.User@example\.com\t[0-9a-f-]{36}\texpires /i);
    const revoked = await runSessionsCli(sut.databaseUrl, ['revoke', '--email', 'ops.user@example.com']);
    expect(revoked.out.trim()).toBe('Revoked 1 session.');
    expect((await browserLike(sut).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
  });

  it('revokes one session by its id', async () => {
    const visitor = await signIn(sut, 'one-sid@example.com');
    const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
    const sid = (await runSessionsCli(sut.databaseUrl, ['list', '--email', 'one-sid@example.com'])).out.split('\t')[0];
    expect((await runSessionsCli(sut.databaseUrl, ['revoke', sid])).out.trim()).toBe('Revoked 1 session.');
    expect((await browserLike(sut).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
  });

  it('explains its usage when called wrongly', async () => {
    const result = await runSessionsCli(sut.databaseUrl, ['revoke']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Usage:');
  });

  it("lets operators find a user's sessions with plain SQL on indexed columns", async () => {
    await signIn(sut, 'sql-user@example.com');
    await withDatabase(sut.databaseUrl, async (db) => {
      const { rows } = await db.query(`SELECT sid, user_id FROM session WHERE user_email = 'sql-user@example.com'`);
      expect(rows).toHaveLength(1);
      const plan = (await db.query(`EXPLAIN SELECT sid FROM session WHERE user_email = 'x'`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/IDX_session_user_email|Seq Scan/);
    });
  });

  it('prunes expired sessions, old revocations, rate-limit hits and codes in the scheduled job', async () => {
    await withDatabase(sut.databaseUrl, async (db) => {
      await db.query(`INSERT INTO session (sid, sess, expire) VALUES ('old-one', '{}', now() - interval '1 minute')`);
      await db.query(`INSERT INTO session_revocations (sid, revoked_at) VALUES ('long-gone', now() - interval '2 days')`);
      await db.query(`INSERT INTO rate_limit_hits (bucket, hit_at) VALUES ('x', now() - interval '2 hours')`);
      await sut.app.get(MaintenanceService).prune();
      const count = async (sql: string) => (await db.query(sql)).rows[0].n;
      expect(await count(`SELECT count(*)::int AS n FROM session WHERE sid = 'old-one'`)).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM session_revocations WHERE sid = 'long-gone'`)).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = 'x'`)).toBe(0);
      const scheduled = await db.query(`SELECT name, cron FROM pgboss.schedule WHERE name = 'maintenance.prune'`);
      expect(scheduled.rows).toEqual([{ name: 'maintenance.prune', cron: '*/10 * * * *' }]);
    });
  });

  it('seeds the demo accounts (SEED_DEMO, and always on the embedded database)', async () => {
    await withDatabase(sut.databaseUrl, async (db) => {
      const { rows } = await db.query(`SELECT email, role, producer_id AS "producerId", name FROM users WHERE email LIKE '%@meterly.test' ORDER BY email`);
      expect(rows).toEqual([
        { email: 'admin@meterly.test', role: 'admin', producerId: null, name: 'Alex Morgan' },
        { email: 'agent2@meterly.test', role: 'agent', producerId: 'MTR-1002', name: 'Luis Ortega' },
        { email: 'agent@meterly.test', role: 'agent', producerId: 'MTR-1001', name: 'Dana Reyes' },
        { email: 'customer@meterly.test', role: 'customer', producerId: null, name: 'Casey Customer' },
      ]);
    });
  });

  it('signs a demo agent in with role and producerId in the session', async () => {
    const agent = await signIn(sut, 'agent@meterly.test');
    expect((await agent.get('/api/session')).body.payload).toMatchObject({ role: 'agent', producerId: 'MTR-1001', userEmail: 'agent@meterly.test' });
    const admin = await signIn(sut, 'admin@meterly.test');
    const adminSession = (await admin.get('/api/session')).body.payload;
    expect(adminSession.role).toBe('admin');
    expect(adminSession.producerId).toBeUndefined();
  });
});
