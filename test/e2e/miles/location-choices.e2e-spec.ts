import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { atArizonaHour } from '../../support/arizona-time';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy as policyCustomer } from '../../support/policy-customer';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** A DELETE names what it sends, as every state-changing call must (415 otherwise). */
const JSON_TYPE = { 'Content-Type': 'application/json' };
const ROUTE = { startCity: 'Phoenix', endCity: 'Tempe', polyline: '_p~iF~ps|U_ulLnnqC' };

describe('Location choices (issue 27): keep or miles only, which trips carry a location, erasing the kept ones', () => {
  jest.setTimeout(120_000);
  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const app = () => request(sut.url);

  /** A signed-in customer with an Arizona policy that started ten days ago, and a device token. */
  async function customer(prefix: string) {
    const found = await policyCustomer(sut, prefix, { producerId: 'MTR-1001' });
    const token: string = (await found.web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    return { ...found, token };
  }
  type Customer = Awaited<ReturnType<typeof customer>>;

  let ana: Customer;
  let ben: Customer;
  let admin: Client;
  /** Each trip sent gets the next hour of its day, so no two overlap. */
  let hour = 0;

  beforeAll(async () => {
    [ana, ben] = await Promise.all([customer('loc-ana'), customer('loc-ben')]);
    admin = await signIn(sut, 'admin@meterly.test');
  });

  /** Sends one trip of the customer's first car, `daysAgo` days back, with `route` when given; answers its client id. */
  async function send(who: Customer, daysAgo: number, route?: object): Promise<string> {
    const day = dayFromToday(-daysAgo);
    const trip = {
      clientTripId: randomUUID(),
      vehicle: `${who.policyId}:0`,
      startedAt: atArizonaHour(day, hour),
      endedAt: atArizonaHour(day, hour + 0.5),
      miles: 10,
      route,
    };
    hour = (hour + 1) % 23;
    const sent = await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${who.token}` })
      .send({ trips: [trip] })
      .expect(200);
    expect(sent.body.payload.accepted).toEqual([trip.clientTripId]);
    return trip.clientTripId;
  }

  const from = dayFromToday(-9);
  const to = dayFromToday(0);
  async function trips(who: Customer) {
    const cars = (await who.web.get(`/api/policies/${who.policyId}/miles/trips?from=${from}&to=${to}`).expect(200)).body.payload;
    return cars[0].trips as { id: string; miles: number; startCity: string | null; endCity: string | null; hasLocation: boolean }[];
  }
  const storedRoutes = async (who: Customer) =>
    (await queryRows(sut, `SELECT t.route FROM trips t WHERE t.policy_id = $1 ORDER BY t.started_at`, [who.policyId])).map((r) => r.route);
  const totalMiles = async (who: Customer) => {
    const days = (await who.web.get(`/api/policies/${who.policyId}/miles?from=${from}&to=${to}`).expect(200)).body.payload[0].days as { miles: number }[];
    return days.reduce((sum, d) => sum + d.miles, 0);
  };

  it('is miles only until the customer says otherwise: a route the app sends is not stored, and the trip says it carries no location', async () => {
    expect((await ana.web.get('/api/account/locations').expect(200)).body.payload).toEqual({ choice: 'miles-only', chosenAt: null, tripsWithLocation: 0 });
    // The app reads the same choice with its device token, to send no route under miles only.
    expect(
      (
        await app()
          .get('/api/mobile/locations')
          .set({ Authorization: `Bearer ${ana.token}` })
          .expect(200)
      ).body.payload,
    ).toEqual({
      choice: 'miles-only',
      chosenAt: null,
      tripsWithLocation: 0,
    });
    await send(ana, 5, ROUTE);
    expect(await storedRoutes(ana)).toEqual([null]);
    expect(await trips(ana)).toEqual([expect.objectContaining({ startCity: null, endCity: null, hasLocation: false, miles: 10 })]);
  });

  it('keeps the route once the customer chooses keep, counts the trips that carry one, and never keeps an empty route', async () => {
    for (const who of [ana, ben]) {
      const chosen = (await who.web.put('/api/account/locations').send({ choice: 'keep' }).expect(200)).body.payload;
      expect(chosen).toEqual({ choice: 'keep', chosenAt: expect.stringMatching(/Z$/), tripsWithLocation: 0 });
      await send(who, 4, ROUTE);
      await send(who, 3, { startCity: 'Mesa' });
    }
    await send(ana, 2, {});
    await send(ana, 2);
    expect(await storedRoutes(ana)).toEqual([null, ROUTE, { startCity: 'Mesa' }, null, null]);
    expect((await trips(ana)).map((t) => [t.startCity, t.endCity, t.hasLocation])).toEqual([
      [null, null, false],
      ['Phoenix', 'Tempe', true],
      ['Mesa', null, true],
      [null, null, false],
      [null, null, false],
    ]);
    expect((await ana.web.get('/api/account/locations').expect(200)).body.payload).toEqual(expect.objectContaining({ choice: 'keep', tripsWithLocation: 2 }));
  });

  it('drops the route again from the moment the customer switches to miles only; the trips kept before keep theirs until erased', async () => {
    const switched = (await ana.web.put('/api/account/locations').send({ choice: 'miles-only' }).expect(200)).body.payload;
    expect(switched).toEqual({ choice: 'miles-only', chosenAt: expect.stringMatching(/Z$/), tripsWithLocation: 2 });
    await send(ana, 1, ROUTE);
    const routes = await storedRoutes(ana);
    expect(routes).toHaveLength(6);
    expect(routes.filter(Boolean)).toHaveLength(2);
    expect(
      await queryRows(sut, `SELECT choice FROM location_choices lc JOIN users u ON u.id = lc.user_id WHERE lower(u.email) = lower($1)`, [ana.email]),
    ).toEqual([{ choice: 'miles-only' }]);
  });

  it("erases only this customer's kept locations, keeps the miles, says how many, and a second erase (another tab) clears none", async () => {
    const milesBefore = await totalMiles(ana);
    const benBefore = await storedRoutes(ben);
    const erased = (await ana.web.delete('/api/account/locations/kept').set(JSON_TYPE).expect(200)).body.payload;
    expect(erased).toEqual({ cleared: 2, choice: 'miles-only', chosenAt: expect.any(String), tripsWithLocation: 0 });
    expect((await storedRoutes(ana)).every((route) => route === null)).toBe(true);
    expect((await trips(ana)).every((t) => !t.hasLocation && t.startCity === null)).toBe(true);
    expect(await totalMiles(ana)).toBe(milesBefore);
    // Ben's trips keep theirs.
    expect(await storedRoutes(ben)).toEqual(benBefore);
    expect((await trips(ben)).filter((t) => t.hasLocation)).toHaveLength(2);

    const again = (await ana.web.delete('/api/account/locations/kept').set(JSON_TYPE).expect(200)).body.payload;
    expect(again).toEqual(expect.objectContaining({ cleared: 0, tripsWithLocation: 0 }));
    // The customer's own choices and erasures are recorded too: a privacy choice is a record.
    expect(
      await queryRows(
        sut,
        `SELECT action, target, customer_email FROM audit_log WHERE lower(actor_email) = lower($1) AND action LIKE 'miles.locations.%' ORDER BY id`,
        [ana.email],
      ),
    ).toEqual([
      { action: 'miles.locations.choice', target: 'keep', customer_email: null },
      { action: 'miles.locations.choice', target: 'miles-only', customer_email: null },
      { action: 'miles.locations.erase', target: '2 trips', customer_email: null },
      { action: 'miles.locations.erase', target: '0 trips', customer_email: null },
    ]);
    // Each erase is a privacy request the law counts, logged answered (the admin screen's 45-day clock).
    expect(
      await queryRows(
        sut,
        `SELECT kind, status, outcome_note AS note, due_at - received_at AS clock FROM privacy_requests r JOIN users u ON u.id = r.user_id
          WHERE lower(u.email) = lower($1) ORDER BY received_at, closed_at`,
        [ana.email],
      ),
    ).toEqual([
      { kind: 'location-erase', status: 'completed', note: '2 trips', clock: expect.objectContaining({ days: 45 }) },
      { kind: 'location-erase', status: 'completed', note: '0 trips', clock: expect.objectContaining({ days: 45 }) },
    ]);
  });

  it("never crosses customers: another customer reaches only their own choice and trips, and nobody's without a session", async () => {
    // Ben's choice and erase touch Ben's alone; there is no id to name Ana's by.
    await ben.web.put('/api/account/locations').send({ choice: 'keep' }).expect(200);
    expect((await ana.web.get('/api/account/locations').expect(200)).body.payload.choice).toBe('miles-only');
    await ben.web.get(`/api/policies/${ana.policyId}/miles/trips?from=${from}&to=${to}`).expect(404);
    const [anaTrip] = await trips(ana);
    await ben.web.post(`/api/policies/${ana.policyId}/miles/trips/${anaTrip.id}/flag`).send({ flag: 'passenger' }).expect(404);
    // Naming the other customer or their policy in the body or the query is refused, not obeyed.
    await ben.web.put('/api/account/locations').send({ choice: 'keep', policyId: ana.policyId }).expect(400);
    await ben.web.put('/api/account/locations').send({ choice: 'keep', userId: randomUUID() }).expect(400);
    await ben.web.put(`/api/account/locations?policyId=${ana.policyId}&userId=${randomUUID()}`).send({ choice: 'keep' });
    expect((await ana.web.get('/api/account/locations').expect(200)).body.payload.choice).toBe('miles-only');
    // Each device reads its own customer's choice; no token, or a made-up one, reads none.
    expect(
      (
        await app()
          .get('/api/mobile/locations')
          .set({ Authorization: `Bearer ${ben.token}` })
          .expect(200)
      ).body.payload.choice,
    ).toBe('keep');
    expect(
      (
        await app()
          .get('/api/mobile/locations')
          .set({ Authorization: `Bearer ${ana.token}` })
          .expect(200)
      ).body.payload.choice,
    ).toBe('miles-only');
    await app().get('/api/mobile/locations').expect(401);
    await app().get('/api/mobile/locations').set({ Authorization: 'Bearer mtd_guessed' }).expect(401);
    // Ana's device cannot put a route on Ben's car either.
    const day = dayFromToday(-6);
    const onBens = await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${ana.token}` })
      .send({
        trips: [
          {
            clientTripId: randomUUID(),
            vehicle: `${ben.policyId}:0`,
            startedAt: atArizonaHour(day, 8),
            endedAt: atArizonaHour(day, 9),
            miles: 3,
            route: ROUTE,
          },
        ],
      })
      .expect(200);
    expect(onBens.body.payload.rejected).toEqual([expect.objectContaining({ reason: 'VEHICLE_UNKNOWN' })]);
    // Visitors reach nothing.
    const visitor = sut.browserLike();
    await visitor.get('/api/account/locations').expect(401);
    await visitor.put('/api/account/locations').send({ choice: 'keep' }).expect(401);
    await visitor.delete('/api/account/locations/kept').set(JSON_TYPE).expect(401);
  });

  it('answers a bad choice with 400 in the envelope and changes nothing', async () => {
    for (const body of [{}, { choice: 'maybe' }, { choice: 1 }, { choice: null }, { choice: ['keep'] }, { choice: 'KEEP' }, { choice: 'keep', extra: true }]) {
      const res = await ana.web.put('/api/account/locations').send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String), code: expect.any(String) }) });
    }
    expect((await ana.web.get('/api/account/locations').expect(200)).body.payload.choice).toBe('miles-only');
  });

  it('lets staff acting for the customer read, change and erase, each recorded under their name for the customer', async () => {
    await admin.post('/api/agent/on-behalf').send({ email: ben.email }).expect(200);
    expect((await admin.get('/api/account/locations').expect(200)).body.payload).toEqual(expect.objectContaining({ choice: 'keep', tripsWithLocation: 2 }));
    await admin.put('/api/account/locations').send({ choice: 'miles-only' }).expect(200);
    expect((await admin.delete('/api/account/locations/kept').set(JSON_TYPE).expect(200)).body.payload).toEqual(
      expect.objectContaining({ cleared: 2, tripsWithLocation: 0 }),
    );
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect(
      await queryRows(
        sut,
        `SELECT action, actor_email, customer_email, target FROM audit_log WHERE lower(customer_email) = lower($1) AND action LIKE 'miles.locations.%' ORDER BY id`,
        [ben.email],
      ),
    ).toEqual([
      { action: 'miles.locations.read', actor_email: 'admin@meterly.test', customer_email: ben.email, target: 'GET /api/account/locations' },
      { action: 'miles.locations.choice', actor_email: 'admin@meterly.test', customer_email: ben.email, target: 'miles-only' },
      { action: 'miles.locations.erase', actor_email: 'admin@meterly.test', customer_email: ben.email, target: '2 trips' },
    ]);
    // The admin's own account has a choice of its own, untouched by Ben's.
    expect(
      await queryRows(sut, `SELECT count(*)::int AS n FROM location_choices lc JOIN users u ON u.id = lc.user_id WHERE u.email = 'admin@meterly.test'`),
    ).toEqual([{ n: 0 }]);
  });
});
