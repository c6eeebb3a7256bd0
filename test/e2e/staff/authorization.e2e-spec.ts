import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { browserLike, sessionCookieOf, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import type request from 'supertest';

type Actor = 'anonymous' | 'customer' | 'agentA' | 'agentB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'customer', 'agentA', 'agentB', 'admin'];

describe('Staff authorization matrix', () => {
  jest.setTimeout(60_000);
  const clients = {} as Record<Actor, ReturnType<typeof browserLike>>;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, db: true });

  beforeAll(async () => {
    clients.anonymous = browserLike(sut);
    clients.customer = await signIn(sut, 'customer@meterly.test');
    clients.agentA = await signIn(sut, 'agent@meterly.test');
    clients.agentB = await signIn(sut, 'agent2@meterly.test');
    clients.admin = await signIn(sut, 'admin@meterly.test');
  });

  const auditCount = async () => (await sut.db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n as number;
  const sessionOf = async (actor: Actor) => (await clients[actor].get('/api/session')).body.payload;

  /** Runs a call as an actor; where it is refused, nothing may change. */
  async function expectCall(actor: Actor, call: (c: ReturnType<typeof browserLike>) => request.Test, status: number): Promise<request.Response> {
    const [auditBefore, sessionBefore] = [await auditCount(), await sessionOf(actor)];
    const res = await call(clients[actor]);
    expect({ actor, status: res.status }).toEqual({ actor, status });
    if (status >= 400) {
      expect(res.body.success).toBe(false);
      expect(await auditCount()).toBe(auditBefore);
      expect(await sessionOf(actor)).toEqual(sessionBefore);
    }
    return res;
  }

  describe('POST /api/agent (lookup)', () => {
    const cases: Array<[Actor, string, number]> = [
      ['anonymous', 'MTR-1001', 403],
      ['customer', 'MTR-1001', 403],
      ['agentA', 'MTR-1001', 200],
      ['agentA', 'MTR-1002', 403],
      ['agentA', 'MTR-9999', 403],
      ['agentB', 'MTR-1002', 200],
      ['agentB', 'MTR-1001', 403],
      ['admin', 'MTR-1001', 200],
      ['admin', 'MTR-1002', 200],
      ['admin', 'MTR-9999', 404],
    ];
    it.each(cases)('%s looking up %s gets %i', async (actor, producerId, status) => {
      const res = await expectCall(actor, (c) => c.post('/api/agent').send({ producerId }), status);
      if (status === 200) {
        expect(res.body).toEqual({
          success: true,
          payload: expect.objectContaining({
            producerId,
            name: expect.any(String),
            email: expect.any(String),
            licensedStates: expect.any(Array),
            active: true,
          }),
        });
      }
      if (status === 404) expect(res.body.error).toMatchObject({ message: expect.any(String), extra: { producerId } });
    });
  });

  describe('starting and stopping a purchase on behalf', () => {
    it.each(['anonymous', 'customer'] as Actor[])('refuses %s with 403', async (actor) => {
      await expectCall(actor, (c) => c.post('/api/agent/on-behalf').send({ email: uniqueEmail('target') }), 403);
      await expectCall(actor, (c) => c.post('/api/agent/on-behalf/stop').send({}), 403);
    });

    it.each(['agentA', 'agentB', 'admin'] as Actor[])('lets %s start for a new customer and stop, with a new session id each time', async (actor) => {
      const customer = uniqueEmail(`for-${actor}`);
      const before = await sessionOf(actor);
      await expectCall(actor, (c) => c.post('/api/agent/on-behalf/stop').send({}), 409);
      const started = await expectCall(actor, (c) => c.post('/api/agent/on-behalf').send({ email: customer }), 200);
      expect(started.body.payload).toMatchObject({ userEmail: customer, role: before.role, onBehalf: true });
      if (before.producerId) expect(started.body.payload.producerId).toBe(before.producerId);
      expect(started.body.payload.sessionId).toBe(before.sessionId);
      expect(sessionCookieOf(started)).toBeDefined();
      await expectCall(actor, (c) => c.post('/api/agent/on-behalf').send({ email: uniqueEmail('nested') }), 409);
      const stopped = await expectCall(actor, (c) => c.post('/api/agent/on-behalf/stop').send({}), 200);
      expect(stopped.body.payload).toEqual(before);
      expect(sessionCookieOf(stopped)).toBeDefined();
      expect(sessionCookieOf(stopped)).not.toBe(sessionCookieOf(started));
    });

    it('refuses staff acting for a staff account', async () => {
      await expectCall('agentA', (c) => c.post('/api/agent/on-behalf').send({ email: 'agent2@meterly.test' }), 403);
      await expectCall('admin', (c) => c.post('/api/agent/on-behalf').send({ email: 'admin@meterly.test' }), 403);
    });

    it("refuses an agent for another agent's customer, and lets an admin act for anyone", async () => {
      const customer = uniqueEmail('served');
      await expectCall('agentA', (c) => c.post('/api/agent/on-behalf').send({ email: customer }), 200);
      // Agent A's work for the customer (a quote) keeps other agents out; acting alone would not.
      await clients.agentA.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
      await expectCall('agentA', (c) => c.post('/api/agent/on-behalf/stop').send({}), 200);
      const refused = await expectCall('agentB', (c) => c.post('/api/agent/on-behalf').send({ email: customer }), 403);
      expect(refused.body.error.code).toBe('SERVED_BY_OTHER_AGENT');
      await expectCall('admin', (c) => c.post('/api/agent/on-behalf').send({ email: customer }), 200);
      await expectCall('admin', (c) => c.post('/api/agent/on-behalf/stop').send({}), 200);
      await expectCall('agentA', (c) => c.post('/api/agent/on-behalf').send({ email: customer }), 200);
      await expectCall('agentA', (c) => c.post('/api/agent/on-behalf/stop').send({}), 200);
    });
  });

  describe('admin endpoints', () => {
    it.each(ACTORS.filter((a) => a !== 'admin'))('refuses %s the audit log and session administration with 403', async (actor) => {
      await expectCall(actor, (c) => c.get('/api/admin/audit'), 403);
      await expectCall(actor, (c) => c.get('/api/admin/sessions?email=customer@meterly.test'), 403);
      await expectCall(actor, (c) => c.delete('/api/admin/sessions?email=customer@meterly.test').set('Content-Type', 'application/json'), 403);
      expect((await clients.customer.get('/api/session')).body.payload.userEmail).toBe('customer@meterly.test');
    });

    it('lets an admin read the audit log, filtered by actor and by customer', async () => {
      const customer = uniqueEmail('audited');
      await clients.agentA.post('/api/agent/on-behalf').send({ email: customer }).expect(200);
      await clients.agentA.post('/api/agent/on-behalf/stop').send({}).expect(200);
      const byCustomer = await expectCall('admin', (c) => c.get(`/api/admin/audit?customer=${encodeURIComponent(customer)}`), 200);
      expect(byCustomer.body.payload.entries.map((e: { action: string }) => e.action)).toEqual(['on-behalf.stop', 'on-behalf.start']);
      expect(byCustomer.body.payload.entries[0]).toMatchObject({
        actorEmail: 'agent@meterly.test',
        actorRole: 'agent',
        customerEmail: customer,
        correlationId: expect.any(String),
      });
      const byActor = await expectCall('admin', (c) => c.get('/api/admin/audit?actor=agent@meterly.test'), 200);
      expect(byActor.body.payload.entries.every((e: { actorEmail: string }) => e.actorEmail === 'agent@meterly.test')).toBe(true);
    });

    it("lets an admin list and end a customer's sessions: the customer's next request is signed out", async () => {
      const listed = await expectCall('admin', (c) => c.get('/api/admin/sessions?email=customer@meterly.test'), 200);
      expect(listed.body.payload).toEqual({
        email: 'customer@meterly.test',
        sessions: [
          expect.objectContaining({
            createdAt: expect.any(String),
            lastSeenAt: expect.any(String),
            device: expect.any(Object),
            onBehalfBy: null,
          }),
        ],
      });
      const revoked = await expectCall(
        'admin',
        (c) => c.delete('/api/admin/sessions?email=customer@meterly.test').set('Content-Type', 'application/json'),
        200,
      );
      expect(revoked.body.payload).toEqual({ revoked: 1 });
      expect((await clients.customer.get('/api/session')).body.payload).toEqual({});
      const audit = await clients.admin.get('/api/admin/audit?actor=admin@meterly.test').expect(200);
      expect(audit.body.payload.entries[0]).toMatchObject({ action: 'session.revoke', target: 'email:customer@meterly.test' });
    });

    it('keeps the audit log append-only', async () => {
      await expect(sut.db.query('DELETE FROM audit_log')).rejects.toThrow('audit_log is append-only');
      await expect(sut.db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow('audit_log is append-only');
    });
  });
});
