import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sellOnBehalf } from '../../support/purchase-flow';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { createSignedInCookie } from '../../support/session-fixtures';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { type Browser, staffApp } from './staff-apps';

interface Member {
  userId: string;
  email: string;
  role: string;
  active: boolean;
  producerId: string | null;
  licensedStates: string[];
}

describe('Admin staff and agent customers API (issue 16)', () => {
  jest.setTimeout(90_000);
  const app = staffApp();
  const { sut } = app;
  let db: Client, admin: Browser, agent: Browser, customer: Browser;
  let producerSeq = 7000;
  const nextProducer = () => `MTR-${producerSeq++}`;

  beforeAll(() => ({ db, admin, agent, customer } = app));

  const staffList = async (): Promise<Member[]> => (await admin.get('/api/admin/staff').expect(200)).body.payload;
  const newAgent = (overrides: object = {}) => ({
    role: 'agent',
    email: uniqueEmail('new-agent'),
    name: 'Dana Reyes',
    producerId: nextProducer(),
    phone: '+1 602-555-0100',
    licenseNumber: 'AZ-1234567',
    licensedStates: ['TX', 'AZ', 'AZ'],
    ...overrides,
  });

  it.each([
    ['anonymous', () => browserLike(sut)],
    ['a customer', () => customer],
    ['an agent', () => agent],
  ])('refuses %s every staff call with 403 and changes nothing', async (_who, client) => {
    const before = await staffList();
    const someone = before[0].userId;
    for (const call of [
      client().get('/api/admin/staff'),
      client().post('/api/admin/staff').send(newAgent()),
      client().post(`/api/admin/staff/${someone}/deactivate`).send({}),
      client()
        .put(`/api/admin/staff/${someone}/licence`)
        .send({ producerId: 'MTR-1001', licensedStates: ['AZ'] }),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect(await staffList()).toEqual(before);
  });

  it('adds an agent who can sign in as one, sets their licence, and deactivates them (their sessions end)', async () => {
    const body = newAgent();
    const added = (await admin.post('/api/admin/staff').send(body).expect(201)).body.payload;
    expect(added).toMatchObject({ email: body.email, role: 'agent', active: true, producerId: body.producerId, licensedStates: ['AZ', 'TX'] });
    expect(await staffList()).toEqual(expect.arrayContaining([expect.objectContaining({ userId: added.userId, role: 'agent' })]));

    const them = await signIn(sut, body.email);
    expect((await them.get('/api/session').expect(200)).body.payload).toMatchObject({ role: 'agent', producerId: body.producerId });

    const licence = (
      await admin
        .put(`/api/admin/staff/${added.userId}/licence`)
        .send({ producerId: body.producerId, licensedStates: ['CO'] })
        .expect(200)
    ).body.payload;
    expect(licence.licensedStates).toEqual(['CO']);
    // Their session stays: the number did not change, and the licence is read where it matters.
    expect((await them.get('/api/session').expect(200)).body.payload.role).toBe('agent');

    const renamed = nextProducer();
    await admin
      .put(`/api/admin/staff/${added.userId}/licence`)
      .send({ producerId: renamed, licensedStates: ['CO', 'AZ'] })
      .expect(200);
    expect((await db.query('SELECT producer_id FROM users WHERE id = $1', [added.userId])).rows[0].producer_id).toBe(renamed);
    // The session carried the old number: it ended.
    expect((await them.get('/api/session').expect(200)).body.payload).toEqual({});

    // Signed in again (a stored session: a second link so soon would wait).
    const cookie = await createSignedInCookie(sut.databaseUrl, { email: body.email, role: 'agent', producerId: renamed });
    const again = browserLike(sut).set('Cookie', `${cookie.name}=${cookie.value}`);
    expect((await again.get('/api/session').expect(200)).body.payload.role).toBe('agent');
    const ended = (await admin.post(`/api/admin/staff/${added.userId}/deactivate`).send({}).expect(200)).body.payload;
    expect(ended).toMatchObject({ sessions: 1 });
    expect((await again.get('/api/session').expect(200)).body.payload).toEqual({});
    expect((await staffList()).find((m) => m.userId === added.userId)).toMatchObject({ active: false });

    const audit = (await admin.get(`/api/admin/audit?actor=admin@meterly.test`).expect(200)).body.payload.entries.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 4)).toEqual(['staff.deactivate', 'staff.licence', 'staff.licence', 'staff.add']);
  });

  it('adds an admin, and re-adds a deactivated one as active', async () => {
    const email = uniqueEmail('new-admin');
    const added = (await admin.post('/api/admin/staff').send({ role: 'admin', email, name: 'Sam Ortiz' }).expect(201)).body.payload;
    expect(added).toMatchObject({ role: 'admin', active: true, producerId: null, licensedStates: [] });
    await admin.post(`/api/admin/staff/${added.userId}/deactivate`).send({}).expect(200);
    expect((await admin.post('/api/admin/staff').send({ role: 'admin', email, name: 'Sam Ortiz' }).expect(201)).body.payload.active).toBe(true);
    expect(
      (
        await admin
          .put(`/api/admin/staff/${added.userId}/licence`)
          .send({ producerId: nextProducer(), licensedStates: ['AZ'] })
          .expect(409)
      ).body.error.code,
    ).toBe('NOT_AN_AGENT');
  });

  it('refuses what would break an account or a producer number', async () => {
    const code = async (res: Promise<{ body: { error: { code: string } } }>) => (await res).body.error.code;
    // A customer with business keeps their account a customer's.
    const buyer = uniqueEmail('buyer');
    const buying = await signIn(sut, buyer);
    await buying.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
    expect(
      await code(
        admin
          .post('/api/admin/staff')
          .send(newAgent({ email: buyer }))
          .expect(409),
      ),
    ).toBe('STAFF_EMAIL_IS_CUSTOMER');
    expect(await code(admin.post('/api/admin/staff').send({ role: 'admin', email: 'agent@meterly.test', name: 'X' }).expect(409))).toBe(
      'STAFF_EMAIL_IS_OTHER_ROLE',
    );
    expect(
      await code(
        admin
          .post('/api/admin/staff')
          .send(newAgent({ producerId: 'MTR-1002' }))
          .expect(409),
      ),
    ).toBe('PRODUCER_ID_TAKEN');

    const seeded = (await staffList()).find((m) => m.email === 'agent@meterly.test')!;
    expect(
      await code(
        admin
          .put(`/api/admin/staff/${seeded.userId}/licence`)
          .send({ producerId: 'MTR-1002', licensedStates: ['AZ'] })
          .expect(409),
      ),
    ).toBe('PRODUCER_ID_TAKEN');
    // The agent's number is on a quote: it cannot change, and nothing changed.
    await agent
      .post('/api/agent/on-behalf')
      .send({ email: uniqueEmail('prospect') })
      .expect(200);
    await agent.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect(
      await code(
        admin
          .put(`/api/admin/staff/${seeded.userId}/licence`)
          .send({ producerId: nextProducer(), licensedStates: ['AZ'] })
          .expect(409),
      ),
    ).toBe('PRODUCER_ID_IN_USE');
    expect((await staffList()).find((m) => m.email === 'agent@meterly.test')).toEqual(seeded);

    const self = (await staffList()).find((m) => m.email === 'admin@meterly.test')!;
    expect(await code(admin.post(`/api/admin/staff/${self.userId}/deactivate`).send({}).expect(409))).toBe('CANNOT_DEACTIVATE_SELF');
    expect(await code(admin.post(`/api/admin/staff/${randomUUID()}/deactivate`).send({}).expect(404))).toBe('STAFF_NOT_FOUND');
    expect(await code(admin.post('/api/admin/staff/not-an-id/deactivate').send({}).expect(404))).toBe('STAFF_NOT_FOUND');
    const customerId = (await db.query(`SELECT id FROM users WHERE email = 'customer@meterly.test'`)).rows[0].id;
    expect(await code(admin.post(`/api/admin/staff/${customerId}/deactivate`).send({}).expect(404))).toBe('STAFF_NOT_FOUND');
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { role: 'owner', email: uniqueEmail(), name: 'X' },
      { role: 'admin', email: 'not-an-email', name: 'X' },
      { role: 'admin', email: uniqueEmail(), name: '   ' },
      newAgent({ producerId: undefined }),
      newAgent({ producerId: 'mtr 1' }),
      newAgent({ licensedStates: [] }),
      newAgent({ licensedStates: ['ZZ'] }),
      newAgent({ phone: 'call me' }),
    ]) {
      const res = await admin.post('/api/admin/staff').send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  describe('agent customers', () => {
    it("lists an agent's customers with the policies they sold and pending confirmations; an admin sees everyone with the seller", async () => {
      const email = uniqueEmail('agent-customer');
      await sellOnBehalf(agent, email);
      await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);

      const mine = (await agent.get(`/api/agent/customers?search=${encodeURIComponent(email.slice(0, 20))}`).expect(200)).body.payload;
      expect(mine).toMatchObject({ page: 1, hasMore: false });
      expect(mine.customers).toEqual([
        {
          userId: expect.any(String),
          email,
          // The account takes the insured's name when the policy binds, on the customer's confirmation.
          name: null,
          seller: null,
          policies: [
            {
              id: expect.any(String),
              number: expect.any(String),
              status: 'pending-confirmation',
              state: 'AZ',
              effectiveDate: dayFromToday(2),
              sharedVins: expect.any(Array),
            },
          ],
          pendingConfirmations: 1,
          openClaims: [],
        },
      ]);
      const other = await signIn(sut, 'agent2@meterly.test');
      expect((await other.get(`/api/agent/customers?search=${encodeURIComponent(email)}`).expect(200)).body.payload.customers).toEqual([]);
      const all = (await admin.get(`/api/agent/customers?search=${encodeURIComponent(email)}`).expect(200)).body.payload.customers;
      expect(all).toEqual([expect.objectContaining({ email, seller: expect.stringMatching(/\S/), pendingConfirmations: 1 })]);

      // The customer's open claim on the policy this agent sold shows for them (and an admin), a closed one for no one.
      const { userId, policies } = mine.customers[0];
      const claim = async (status: string) =>
        (
          await db.query<{ id: string; number: string }>(
            `INSERT INTO claims (number, policy_id, user_id, vehicle_index, kind, status, occurred_at, location, description, injuries, idempotency_key, request_hash, reported_by)
             VALUES ('CLM-E2E-' || $1, $2, $3, 0, 'accident', $4, now(), 'Phoenix', 'Rear-ended at a light.', false, $1, 'h', $3) RETURNING id, number`,
            [randomUUID(), policies[0].id, userId, status],
          )
        ).rows[0];
      const open = await claim('under_review');
      await claim('closed');
      const openClaims = async (who: Browser) =>
        (await who.get(`/api/agent/customers?search=${encodeURIComponent(email)}`).expect(200)).body.payload.customers.map(
          (c: { openClaims: unknown }) => c.openClaims,
        );
      expect(await openClaims(agent)).toEqual([[{ id: open.id, number: open.number, status: 'under_review' }]]);
      expect(await openClaims(admin)).toEqual([[{ id: open.id, number: open.number, status: 'under_review' }]]);
      // Another agent who serves the customer (but did not sell the policy) sees the customer without the claim.
      const otherProducer = (
        await db.query<{ producer_id: string }>(`SELECT a.producer_id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.email = 'agent2@meterly.test'`)
      ).rows[0];
      await db.query(`UPDATE users SET served_by_producer_id = $2 WHERE id = $1`, [userId, otherProducer.producer_id]);
      expect(await openClaims(other)).toEqual([[]]);
      // A search's % and _ are letters, not wildcards.
      expect((await admin.get('/api/agent/customers?search=%25').expect(200)).body.payload.customers).toEqual([]);
    });

    it('refuses a customer and anonymous with 403, and bad paging with 400', async () => {
      await customer.get('/api/agent/customers').expect(403);
      await browserLike(sut).get('/api/agent/customers').expect(403);
      await admin.get('/api/agent/customers?page=0').expect(400);
    });
  });
});
