import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { backdatePolicy } from '../../support/backdate-policy';
import { captureOutput } from '../../support/capture-output';
import { queryRows } from '../../support/payment-fixtures';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** A time `hours` ago, ISO. */
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('Miles in: edges (other customers, calendar days, races, staff)', () => {
  jest.setTimeout(120_000);
  const output = captureOutput();
  const app = () => request(sut.url);

  /** A signed-in customer with an active policy that started ten days ago, and a device token. */
  async function customerWithPolicy(prefix: string): Promise<{ web: Client; email: string; policyId: string; car: string; token: string }> {
    const email = uniqueEmail(prefix);
    const web = await signIn(sut, email);
    const quoteId = await readyToPay(web);
    const bought = await buyQuote(web, quoteId);
    const policyId: string = bought.body.payload.policy.id;
    await backdatePolicy(sut, policyId, 10);
    const token: string = (await web.post('/api/mobile/devices').send({ name: 'phone', platform: 'android' }).expect(201)).body.payload.token;
    return { web, email, policyId, car: `${policyId}:0`, token };
  }

  let ana: Awaited<ReturnType<typeof customerWithPolicy>>;
  let ben: Awaited<ReturnType<typeof customerWithPolicy>>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  // Request lines logged (tests log warnings only), to show no token is in them.
  const sut = useTestApp({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' } });
  sut.beforeClose(() => output.restore());

  beforeAll(async () => {
    delete process.env.LOG_LEVEL;
    ana = await customerWithPolicy('ana');
    ben = await customerWithPolicy('ben');
  });

  it('walks the app through the /web-login hand-off to a device token (the session call names the site as its Origin)', async () => {
    const code = (await ana.web.post('/api/auth/app-code').send({}).expect(200)).body.payload.code;
    // The app: no cookie and no Origin to begin with, then its own session.
    const phone = request.agent(sut.url);
    await phone.post('/api/auth/exchange-token').send({ code }).expect(200);
    // A call carrying the session cookie must say where it comes from (CSRF); the app sends the site's URL.
    await phone.post('/api/mobile/devices').send({ name: 'Pixel', platform: 'android' }).expect(403);
    const device = (await phone.post('/api/mobile/devices').set('Origin', sut.url).send({ name: 'Pixel', platform: 'android' }).expect(201)).body.payload;
    expect(device).toEqual({ id: expect.any(String), name: 'Pixel', platform: 'android', token: expect.stringMatching(/^mtd_/) });
    // From then on the token alone, no cookie and no Origin.
    const cars = (await app().get('/api/mobile/policies').set(bearer(device.token)).expect(200)).body.payload;
    expect(cars.map((c: { policyId: string }) => c.policyId)).toEqual([ana.policyId]);
    await ana.web.delete(`/api/mobile/devices/${device.id}`).send({}).expect(200);
    await app().get('/api/mobile/policies').set(bearer(device.token)).expect(401);
  });

  it("refuses miles for another customer's real car, from the app and the web, and stores nothing", async () => {
    const trip = { clientTripId: randomUUID(), vehicle: ben.car, startedAt: ago(30), endedAt: ago(29), miles: 5 };
    const answer = (
      await app()
        .post('/api/mobile/trips')
        .set(bearer(ana.token))
        .send({ trips: [trip] })
        .expect(200)
    ).body.payload;
    expect(answer.rejected).toEqual([{ clientTripId: trip.clientTripId, reason: 'VEHICLE_UNKNOWN', message: expect.any(String) }]);
    const odometer = await app().post('/api/mobile/odometer').set(bearer(ana.token)).send({ vehicle: ben.car, reading: 1000 }).expect(404);
    expect(odometer.body).toEqual({ success: false, error: expect.objectContaining({ code: 'VEHICLE_UNKNOWN' }) });
    await ana.web.post(`/api/policies/${ben.policyId}/odometer`).send({ vehicleIndex: 0, reading: 1000 }).expect(404);
    await ana.web
      .post(`/api/policies/${ben.policyId}/miles/disputes`)
      .send({ vehicleIndex: 0, day: ago(48).slice(0, 10), reason: 'Not mine' })
      .expect(404);
    await ana.web.get(`/api/policies/${ben.policyId}/miles/disputes`).expect(404);
    // Ana's device cannot sign Ben's device out either.
    const [benDevice] = await queryRows<{ id: string }>(
      sut,
      `SELECT d.id FROM mobile_devices d JOIN users u ON u.id = d.user_id WHERE lower(u.email) = lower($1)`,
      [ben.email],
    );
    await ana.web.delete(`/api/mobile/devices/${benDevice.id}`).send({}).expect(404);
    await app().get('/api/mobile/policies').set(bearer(ben.token)).expect(200);
    expect(await queryRows(sut, `SELECT 1 FROM trips UNION ALL SELECT 1 FROM odometer_readings UNION ALL SELECT 1 FROM mile_disputes`)).toEqual([]);
  });

  it('answers 400 (never 500) for days that are not on the calendar and times without a time zone', async () => {
    for (const [from, to] of [
      ['2026-02-30', '2026-03-02'],
      ['2026-13-01', '2026-13-02'],
      ['2026-01-01', '2026-00-09'],
    ]) {
      const res = await ana.web.get(`/api/policies/${ana.policyId}/miles?from=${from}&to=${to}`).expect(400);
      // The one day-range rule (common/validation/calendar-day) names the field, as every DTO's does.
      expect(res.body.error.code).toBe('INVALID_INPUT');
    }
    await ana.web.get(`/api/policies/${ana.policyId}/miles`).expect(400);
    await ana.web.post(`/api/policies/${ana.policyId}/miles/disputes`).send({ vehicleIndex: 0, day: '2026-02-30', reason: 'No such day' }).expect(400);
    // "10:00" where? A trip or reading must say which instant it means.
    const local = ago(30).slice(0, 19);
    const res = await app()
      .post('/api/mobile/trips')
      .set(bearer(ana.token))
      .send({ trips: [{ clientTripId: 'tz', vehicle: ana.car, startedAt: local, endedAt: ago(29), miles: 1 }] })
      .expect(400);
    expect(res.body.success).toBe(false);
    await app().post('/api/mobile/odometer').set(bearer(ana.token)).send({ vehicle: ana.car, reading: 1, readAt: local }).expect(400);
  });

  it('refuses a reading dated before the policy, and a dispute of a day outside the policy or to come', async () => {
    const before = await app()
      .post('/api/mobile/odometer')
      .set(bearer(ana.token))
      .send({ vehicle: ana.car, reading: 20_000, readAt: ago(24 * 30) })
      .expect(422);
    expect(before.body.error.code).toBe('READING_BEFORE_POLICY');
    const dayOf = (hours: number) => ago(hours).slice(0, 10);
    for (const day of [dayOf(24 * 30), dayOf(-24 * 3)]) {
      const res = await ana.web.post(`/api/policies/${ana.policyId}/miles/disputes`).send({ vehicleIndex: 0, day, reason: 'Out of range' }).expect(422);
      expect(res.body.error.code).toBe('DAY_OUT_OF_POLICY');
    }
  });

  it('takes one of several overlapping trips sent at once from two devices of the same car', async () => {
    const second = (await ana.web.post('/api/mobile/devices').send({ name: 'tablet', platform: 'ios' }).expect(201)).body.payload.token;
    // Ten batches at once, each a trip over the same hour: exactly one may be stored.
    const batches = Array.from({ length: 10 }, (_, i) => ({
      trips: [{ clientTripId: `race-${i}`, vehicle: ana.car, startedAt: ago(100), endedAt: ago(99), miles: 10 }],
    }));
    // Each waits its turn for the car's lock; on a loaded machine the last may pass the
    // statement's deadline and be told 503, which the app answers by sending again (as here).
    const send = async (body: object, token: string, tries = 3): Promise<request.Response> => {
      const res = await app().post('/api/mobile/trips').set(bearer(token)).send(body);
      return res.status === 503 && tries > 1 ? send(body, token, tries - 1) : res;
    };
    const answers = await Promise.all(batches.map((body, i) => send(body, i % 2 ? second : ana.token)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const accepted = answers.flatMap((res) => res.body.payload.accepted);
    const rejected = answers.flatMap((res) => res.body.payload.rejected.map((r: { reason: string }) => r.reason));
    expect(accepted).toHaveLength(1);
    expect(rejected).toEqual(Array(9).fill('OVERLAPS'));
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM trips WHERE policy_id = $1`, [ana.policyId])).toEqual([{ n: 1 }]);
  });

  it('never lets two readings sent at once go down between them', async () => {
    const readAt = (hours: number) => ago(hours);
    // A higher reading dated earlier and a lower one dated later, sent together: one must be refused.
    const results = await Promise.all([
      app()
        .post('/api/mobile/odometer')
        .set(bearer(ana.token))
        .send({ vehicle: ana.car, reading: 31_000, readAt: readAt(60) }),
      ana.web.post(`/api/policies/${ana.policyId}/odometer`).send({ vehicleIndex: 0, reading: 30_000, readAt: readAt(50) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
  });

  it('lets staff acting for the customer send a reading and dispute a day, audited; staff see flagged readings and open disputes', async () => {
    // Ben bought online: an agent may not act for him (issue 14), an admin may.
    await (await signIn(sut, 'agent@meterly.test')).post('/api/agent/on-behalf').send({ email: ben.email }).expect(403);
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin.post('/api/agent/on-behalf').send({ email: ben.email }).expect(200);
    await admin
      .post(`/api/policies/${ben.policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 40_000, readAt: ago(24 * 5) })
      .expect(201);
    const jump = (
      await admin
        .post(`/api/policies/${ben.policyId}/odometer`)
        .send({ vehicleIndex: 0, reading: 49_000, readAt: ago(24 * 4) })
        .expect(201)
    ).body.payload;
    expect(jump.flag).toBe('OVER_1000_MILES_A_DAY');
    const day = ago(24 * 2).slice(0, 10);
    await admin.post(`/api/policies/${ben.policyId}/miles/disputes`).send({ vehicleIndex: 0, day, reason: 'The car was parked.' }).expect(201);
    const audit = await queryRows<{ action: string; actor_email: string; customer_email: string }>(
      sut,
      `SELECT action, actor_email, customer_email FROM audit_log WHERE lower(customer_email) = lower($1) AND action LIKE 'miles.%' ORDER BY id`,
      [ben.email],
    );
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['miles.odometer', 'admin@meterly.test'],
      ['miles.odometer', 'admin@meterly.test'],
      ['miles.dispute', 'admin@meterly.test'],
    ]);
    // The customer sees the same readings, the flag included.
    const readings = (await ben.web.get(`/api/policies/${ben.policyId}/odometer`).expect(200)).body.payload;
    expect(readings.map((r: { reading: number; flag: string | null }) => [r.reading, r.flag])).toEqual([
      [49_000, 'OVER_1000_MILES_A_DAY'],
      [40_000, null],
    ]);

    // Staff's review list: an admin sees every policy's; a customer is refused.
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const review = (await admin.get('/api/agent/miles/review').expect(200)).body.payload;
    expect(review.flaggedReadings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          policyNumber: expect.any(String),
          customerEmail: ben.email,
          vehicle: ben.car,
          reading: 49_000,
          flag: 'OVER_1000_MILES_A_DAY',
        }),
      ]),
    );
    expect(review.openDisputes).toEqual(
      expect.arrayContaining([expect.objectContaining({ customerEmail: ben.email, vehicle: ben.car, day, reason: 'The car was parked.' })]),
    );
    await ben.web.get('/api/agent/miles/review').expect(403);
    await app().get('/api/agent/miles/review').expect(403);
  });

  it('logs the mobile calls without their device tokens', async () => {
    const logged = output.text();
    expect(logged).toMatch(/\/api\/mobile\/trips/);
    for (const token of [ana.token, ben.token]) {
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(token.slice(4, 24));
    }
  });
});
