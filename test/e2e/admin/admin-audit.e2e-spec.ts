import { Client } from 'pg';
import { browserLike, uniqueEmail } from '../../support/sign-in';
import { staffApp, type Browser } from './staff-apps';

describe('Admin audit log API (issue 16)', () => {
  jest.setTimeout(60_000);
  const app = staffApp();
  const { sut } = app;
  let db: Client, admin: Browser, agent: Browser, customer: Browser;

  beforeAll(() => ({ db, admin, agent, customer } = app));

  /** Audit rows written straight to the table (it takes inserts), at given times. */
  async function insertEntries(rows: Array<{ at: string; action: string; actor?: string; customer?: string | null; target?: string }>): Promise<void> {
    const { rows: ids } = await db.query(`SELECT id, email FROM users WHERE email IN ('agent@meterly.test', 'customer@meterly.test')`);
    const idOf = (email: string) => ids.find((r) => r.email === email)!.id as string;
    for (const row of rows) {
      const actor = row.actor ?? 'agent@meterly.test';
      const customerEmail = row.customer === undefined ? 'customer@meterly.test' : row.customer;
      await db.query(
        `INSERT INTO audit_log (at, actor_user_id, actor_email, actor_role, customer_user_id, customer_email, action, target, correlation_id)
         VALUES ($1, $2, $3, 'agent', $4, $5, $6, $7, 'corr-test')`,
        [row.at, idOf(actor), actor, customerEmail ? idOf(customerEmail) : null, customerEmail, row.action, row.target ?? null],
      );
    }
  }

  it.each([
    ['anonymous', () => browserLike(sut)],
    ['a customer', () => customer],
    ['an agent', () => agent],
  ])('refuses %s the log, its actions and its export with 403', async (_who, client) => {
    for (const path of ['/api/admin/audit', '/api/admin/audit/actions', '/api/admin/audit/export']) {
      const res = await client().get(path);
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
  });

  it('filters by actor, customer, action and time range, newest first', async () => {
    await insertEntries([
      { at: '2026-03-01T10:00:00Z', action: 'test.filter' },
      { at: '2026-03-02T10:00:00Z', action: 'test.filter' },
      { at: '2026-03-03T10:00:00Z', action: 'test.filter', customer: null },
      { at: '2026-03-04T10:00:00Z', action: 'test.other' },
    ]);
    const get = async (query: string) => (await admin.get(`/api/admin/audit?${query}`).expect(200)).body.payload;
    const all = await get('action=test.filter');
    expect(all).toMatchObject({ page: 1, pageSize: 50, hasMore: false });
    expect(all.entries.map((e: { at: string }) => e.at)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
    expect(all.entries[0]).toEqual({
      id: expect.any(String),
      at: '2026-03-03T10:00:00.000Z',
      actorEmail: 'agent@meterly.test',
      actorRole: 'agent',
      customerEmail: null,
      action: 'test.filter',
      target: null,
      correlationId: 'corr-test',
      changes: [],
    });
    const ranged = await get('action=test.filter&from=2026-03-02T00:00:00Z&to=2026-03-03T10:00:00Z');
    expect(ranged.entries.map((e: { at: string }) => e.at)).toEqual(['2026-03-02T10:00:00.000Z']);
    const byCustomer = await get('customer=CUSTOMER@meterly.test&from=2026-03-01T00:00:00Z&to=2026-03-05T00:00:00Z');
    expect(byCustomer.entries.map((e: { action: string }) => e.action)).toEqual(['test.other', 'test.filter', 'test.filter']);
    expect((await get('actor=admin@meterly.test&action=test.filter')).entries).toEqual([]);
    expect(await admin.get('/api/admin/audit/actions').expect(200)).toHaveProperty('body.payload', expect.arrayContaining(['test.filter', 'test.other']));
  });

  it('pages by 50', async () => {
    await insertEntries(Array.from({ length: 55 }, (_, i) => ({ at: new Date(Date.UTC(2026, 4, 1, 0, i)).toISOString(), action: 'test.page' })));
    const first = (await admin.get('/api/admin/audit?action=test.page').expect(200)).body.payload;
    const second = (await admin.get('/api/admin/audit?action=test.page&page=2').expect(200)).body.payload;
    expect([first.entries.length, first.hasMore, second.entries.length, second.hasMore, second.page]).toEqual([50, true, 5, false, 2]);
    expect(second.entries.at(-1).at).toBe('2026-05-01T00:00:00.000Z');
    const ids = new Set([...first.entries, ...second.entries].map((e: { id: string }) => e.id));
    expect(ids.size).toBe(55);
  });

  it('exports the filtered log as CSV, quoted and safe from formulas, and audits the export', async () => {
    await insertEntries([
      { at: '2026-06-01T09:00:00Z', action: 'test.csv', target: '=HYPERLINK("http://evil.example","click")' },
      { at: '2026-06-01T10:00:00Z', action: 'test.csv', target: 'policy MTR-1, "quoted"\nnext line' },
      { at: '2026-06-01T11:00:00Z', action: 'test.csv', target: '@SUM(1+1)' },
    ]);
    const res = await admin
      .get('/api/admin/audit/export?action=test.csv')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meterly-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body as string;
    expect(text.startsWith('\uFEFFat,actor_email,actor_role,customer_email,action,target,correlation_id,changes\r\n')).toBe(true);
    expect(text).toContain(`2026-06-01T11:00:00.000Z,agent@meterly.test,agent,customer@meterly.test,test.csv,'@SUM(1+1),corr-test,\r\n`);
    expect(text).toContain(`,test.csv,"policy MTR-1, ""quoted""\nnext line",corr-test,\r\n`);
    expect(text).toContain(`,test.csv,"'=HYPERLINK(""http://evil.example"",""click"")",corr-test,\r\n`);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
    const exported = (await admin.get('/api/admin/audit?action=audit.export').expect(200)).body.payload.entries[0];
    expect(exported).toMatchObject({ actorEmail: 'admin@meterly.test', target: 'action=test.csv' });
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['from=yesterday', 'to=2026-13-01T00:00:00Z', 'page=0', 'page=abc', 'action=DROP TABLE', `actor=${'a'.repeat(300)}`]) {
      const res = await admin.get(`/api/admin/audit?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.error.code).toBe('INVALID_INPUT');
    }
    await admin.get(`/api/admin/audit?customer=${uniqueEmail('none')}`).expect(200);
  });
});
