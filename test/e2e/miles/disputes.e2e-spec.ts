import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { arizonaTime, atArizonaHour } from '../../support/arizona-time';
import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy as policyCustomer } from '../../support/policy-customer';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn } from '../../support/sign-in';
import { PNG_1X1 } from '../../support/test-images';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const PNG = PNG_1X1;
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

describe("Disputed days: staff decide them, and an accepted one replaces the day's miles", () => {
  jest.setTimeout(120_000);
  const app = () => request(sut.url);
  let admin: Client;
  let agent: Client;
  let otherAgent: Client;

  /** A signed-in customer with an Arizona policy that started ten days ago, sold by Dana (MTR-1001), and a device token. */
  async function customerWithPolicy(prefix: string, locale = 'en-US'): Promise<{ web: Client; email: string; policyId: string; token: string }> {
    const customer = await policyCustomer(sut, prefix, { locale, producerId: 'MTR-1001' });
    const token: string = (await customer.web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    return { ...customer, token };
  }

  let ana: Awaited<ReturnType<typeof customerWithPolicy>>;
  let ben: Awaited<ReturnType<typeof customerWithPolicy>>;
  /** Ana's disputed day: 40 miles of trips, she says 12. */
  const day = dayFromToday(-3);
  let disputeId: string;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  beforeAll(async () => {
    ana = await customerWithPolicy('ana');
    ben = await customerWithPolicy('ben', 'es');
    [admin, agent, otherAgent] = await Promise.all([signIn(sut, 'admin@meterly.test'), signIn(sut, 'agent@meterly.test'), signIn(sut, 'agent2@meterly.test')]);
    const trip = { clientTripId: randomUUID(), vehicle: `${ana.policyId}:0`, startedAt: atArizonaHour(day, 10), endedAt: atArizonaHour(day, 11), miles: 40 };
    const sent = await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${ana.token}` })
      .send({ trips: [trip] })
      .expect(200);
    expect(sent.body.payload.accepted).toEqual([trip.clientTripId]);
  });

  const mailLike = (to: string, subject: RegExp) => waitForMailLike(sut.databaseUrl, to, subject);

  const dayOf = async (client: Client, policyId: string, wanted: string) => {
    const cars = (await client.get(`/api/policies/${policyId}/miles?from=${wanted}&to=${wanted}`).expect(200)).body.payload;
    return cars[0].days[0];
  };

  it('takes the miles the customer says they drove, with a photo, and lists the dispute with its numbers as numbers', async () => {
    const created = await ana.web
      .post(`/api/policies/${ana.policyId}/miles/disputes`)
      .send({ vehicleIndex: 0, day, reason: 'I only drove to the shop.', claimedMiles: 12, photo: PNG.toString('base64') })
      .expect(201);
    disputeId = created.body.payload.id;
    expect(created.body.payload).toEqual({ id: expect.any(String), day, vehicleIndex: 0, claimedMiles: 12, status: 'open' });
    const list = (await ana.web.get(`/api/policies/${ana.policyId}/miles/disputes`).expect(200)).body.payload;
    expect(list).toEqual([
      {
        id: disputeId,
        vehicleIndex: 0,
        day,
        reason: 'I only drove to the shop.',
        claimedMiles: 12,
        status: 'open',
        resolvedMiles: null,
        staffNote: null,
        hasPhoto: true,
        createdAt: expect.stringMatching(/Z$/),
        decidedAt: null,
        trip: null,
      },
    ]);
    for (const claimedMiles of [-1, 1001, 2.5, '12']) {
      await ana.web
        .post(`/api/policies/${ana.policyId}/miles/disputes`)
        .send({ vehicleIndex: 0, day: dayFromToday(-4), reason: 'Bad claim', claimedMiles })
        .expect(400);
    }
    expect(await dayOf(ana.web, ana.policyId, day)).toEqual({ date: day, miles: 40, billableMiles: 40, source: 'trips' });
  });

  it("shows the dispute to the agent who sold the policy and to admins, never to another agent's", async () => {
    const wanted = expect.objectContaining({ id: disputeId, customerEmail: ana.email, car: '2019 Honda Civic', day, claimedMiles: 12, hasPhoto: true });
    expect((await agent.get('/api/agent/miles/review').expect(200)).body.payload.openDisputes).toEqual(expect.arrayContaining([wanted]));
    expect((await admin.get('/api/agent/miles/review').expect(200)).body.payload.openDisputes).toEqual(expect.arrayContaining([wanted]));
    expect((await otherAgent.get('/api/agent/miles/review').expect(200)).body.payload.openDisputes).toEqual([]);
    const res = await otherAgent.post(`/api/agent/miles/disputes/${disputeId}/decision`).send({ decision: 'accepted', miles: 0 }).expect(404);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'DISPUTE_NOT_FOUND', message: expect.any(String) }) });
    // An id that does not exist, or cannot, is the same 404.
    await admin.post(`/api/agent/miles/disputes/${randomUUID()}/decision`).send({ decision: 'rejected' }).expect(404);
    await admin.post('/api/agent/miles/disputes/not-an-id/decision').send({ decision: 'rejected' }).expect(404);
    // Customers and visitors are not staff.
    await ana.web.post(`/api/agent/miles/disputes/${disputeId}/decision`).send({ decision: 'accepted', miles: 0 }).expect(403);
    await app().post(`/api/agent/miles/disputes/${disputeId}/decision`).set('Origin', sut.url).send({ decision: 'accepted', miles: 0 }).expect(403);
  });

  it('answers a bad decision with 400 in the envelope, and decides nothing', async () => {
    const bodies: [object, string?][] = [
      [{}],
      [{ decision: 'maybe' }],
      [{ decision: 'accepted' }, 'DECISION_MILES_REQUIRED'],
      [{ decision: 'accepted', miles: 1001 }],
      [{ decision: 'accepted', miles: -1 }],
      [{ decision: 'accepted', miles: '12' }],
      [{ decision: 'accepted', miles: 12.345 }],
      [{ decision: 'accepted', miles: 12, note: 'x'.repeat(1001) }],
      [{ decision: 'accepted', miles: 12, extra: true }],
      [{ decision: 'rejected', miles: 12 }, 'DECISION_MILES_ON_REJECT'],
    ];
    for (const [body, code] of bodies) {
      const res = await admin.post(`/api/agent/miles/disputes/${disputeId}/decision`).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String), code: code ?? expect.any(String) }) });
    }
    expect(await queryRows(sut, `SELECT status FROM mile_disputes WHERE id = $1`, [disputeId])).toEqual([{ status: 'open' }]);
  });

  it("accepted by an admin, the day's miles become the accepted ones, the billable miles before are kept, audited and e-mailed; a second decision is a 409", async () => {
    const decided = await admin
      .post(`/api/agent/miles/disputes/${disputeId}/decision`)
      .send({ decision: 'accepted', miles: 12, note: '  The photo shows it.  ' })
      .expect(200);
    expect(decided.body.payload).toEqual(
      expect.objectContaining({
        id: disputeId,
        status: 'accepted',
        claimedMiles: 12,
        resolvedMiles: 12,
        staffNote: 'The photo shows it.',
        decidedAt: expect.stringMatching(/Z$/),
      }),
    );
    expect(await dayOf(ana.web, ana.policyId, day)).toEqual({ date: day, miles: 12, billableMiles: 12, source: 'dispute' });
    // The days around it keep their own sources.
    expect((await dayOf(ana.web, ana.policyId, dayFromToday(-2))).source).toBe('none');
    const [stored] = await queryRows<Record<string, unknown>>(
      sut,
      `SELECT d.previous_billable_miles::float8 AS previous, d.resolved_miles::float8 AS resolved, u.email AS decided_by, d.adjusted_statement_id
         FROM mile_disputes d JOIN users u ON u.id = d.decided_by WHERE d.id = $1`,
      [disputeId],
    );
    expect(stored).toEqual({ previous: 40, resolved: 12, decided_by: 'admin@meterly.test', adjusted_statement_id: null });

    const again = await admin.post(`/api/agent/miles/disputes/${disputeId}/decision`).send({ decision: 'rejected' }).expect(409);
    expect(again.body.error.code).toBe('DISPUTE_DECIDED');
    await agent.post(`/api/agent/miles/disputes/${disputeId}/decision`).send({ decision: 'accepted', miles: 30 }).expect(409);
    expect((await dayOf(ana.web, ana.policyId, day)).miles).toBe(12);
    expect((await admin.get('/api/agent/miles/review').expect(200)).body.payload.openDisputes.map((d: { id: string }) => d.id)).not.toContain(disputeId);

    const audit = await queryRows(sut, `SELECT actor_email, customer_email, target FROM audit_log WHERE action = 'miles.dispute.accept'`);
    expect(audit).toEqual([{ actor_email: 'admin@meterly.test', customer_email: ana.email, target: expect.stringContaining(day) }]);
    const mail = await mailLike(ana.email, /^We corrected your miles for /);
    expect(mail.text).toContain('we now count 12 miles for that day');
    expect(mail.text).toContain('A note from our team: The photo shows it.');
  });

  it('rejected by the selling agent, the day keeps its measured miles and the customer is told in Spanish', async () => {
    const other = dayFromToday(-5);
    const created = await ben.web
      .post(`/api/policies/${ben.policyId}/miles/disputes`)
      .send({ vehicleIndex: 0, day: other, reason: 'No salí ese día.', claimedMiles: 0 })
      .expect(201);
    const res = await agent
      .post(`/api/agent/miles/disputes/${created.body.payload.id}/decision`)
      .send({ decision: 'rejected', note: 'Las lecturas muestran el viaje.' })
      .expect(200);
    expect(res.body.payload).toEqual(
      expect.objectContaining({ status: 'rejected', resolvedMiles: null, staffNote: 'Las lecturas muestran el viaje.', claimedMiles: 0 }),
    );
    expect(await dayOf(ben.web, ben.policyId, other)).toEqual({ date: other, miles: 0, billableMiles: 0, source: 'none' });
    const [listed] = (await ben.web.get(`/api/policies/${ben.policyId}/miles/disputes`).expect(200)).body.payload;
    expect(listed).toEqual(expect.objectContaining({ status: 'rejected', decidedAt: expect.any(String), hasPhoto: false }));
    const mail = await mailLike(ben.email, /^Revisamos tus millas del /);
    expect(mail.text).toContain('mantenemos las 0 millas que medimos ese día');
    expect(mail.text).toContain('Una nota de nuestro equipo: Las lecturas muestran el viaje.');
    const audit = await queryRows(sut, `SELECT actor_email, customer_email FROM audit_log WHERE action = 'miles.dispute.reject'`);
    expect(audit).toEqual([{ actor_email: 'agent@meterly.test', customer_email: ben.email }]);
  });

  it('serves the photos to staff within reach and to the owner as images that are not cached, and to no one else', async () => {
    const expectImage = (res: request.Response, type: string, bytes: Buffer) => {
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    };
    const disputePhoto = `/api/agent/miles/disputes/${disputeId}/photo`;
    const ownPhoto = `/api/policies/${ana.policyId}/miles/disputes/${disputeId}/photo`;
    for (const staff of [admin, agent]) expectImage(await staff.get(disputePhoto).buffer(true).expect(200), 'image/png', PNG);
    expectImage(await ana.web.get(ownPhoto).buffer(true).expect(200), 'image/png', PNG);
    await otherAgent.get(disputePhoto).expect(404);
    await ana.web.get(disputePhoto).expect(403);
    await app().get(ownPhoto).expect(401);
    await ben.web.get(ownPhoto).expect(404);
    await ben.web.get(`/api/policies/${ben.policyId}/miles/disputes/${disputeId}/photo`).expect(404);
    // A dispute without a photo has none to serve.
    const [withoutPhoto] = await queryRows<{ id: string }>(sut, `SELECT id FROM mile_disputes WHERE photo IS NULL`);
    await admin.get(`/api/agent/miles/disputes/${withoutPhoto.id}/photo`).expect(404);
    await ben.web.get(`/api/policies/${ben.policyId}/miles/disputes/${withoutPhoto.id}/photo`).expect(404);

    // A reading's photo, flagged for staff.
    await ana.web
      .post(`/api/policies/${ana.policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 20_000, readAt: arizonaTime(8, 9) })
      .expect(201);
    const flagged = (
      await ana.web
        .post(`/api/policies/${ana.policyId}/odometer`)
        .send({ vehicleIndex: 0, reading: 29_000, readAt: arizonaTime(7, 9), photo: JPEG.toString('base64') })
        .expect(201)
    ).body.payload;
    expect(flagged.flag).toBe('OVER_1000_MILES_A_DAY');
    const review = (await agent.get('/api/agent/miles/review').expect(200)).body.payload;
    expect(review.flaggedReadings).toEqual([expect.objectContaining({ id: flagged.id, car: '2019 Honda Civic', hasPhoto: true })]);
    const readingPhoto = `/api/agent/miles/readings/${flagged.id}/photo`;
    expectImage(await admin.get(readingPhoto).buffer(true).expect(200), 'image/jpeg', JPEG);
    expectImage(await agent.get(readingPhoto).buffer(true).expect(200), 'image/jpeg', JPEG);
    await otherAgent.get(readingPhoto).expect(404);
    await ana.web.get(readingPhoto).expect(403);
    await admin.get('/api/agent/miles/readings/not-an-id/photo').expect(404);

    // The owner sees the reading's photo too (the web form sends one, issue 27); no one else does.
    const readings = (await ana.web.get(`/api/policies/${ana.policyId}/odometer`).expect(200)).body.payload as { id: string; hasPhoto: boolean }[];
    expect(readings.map(({ hasPhoto }) => hasPhoto)).toEqual([true, false]);
    const ownReadingPhoto = `/api/policies/${ana.policyId}/odometer/${flagged.id}/photo`;
    expectImage(await ana.web.get(ownReadingPhoto).buffer(true).expect(200), 'image/jpeg', JPEG);
    await app().get(ownReadingPhoto).expect(401);
    await ben.web.get(ownReadingPhoto).expect(404);
    await ben.web.get(`/api/policies/${ben.policyId}/odometer/${flagged.id}/photo`).expect(404);
    await ana.web.get(`/api/policies/${ana.policyId}/odometer/${readings[1].id}/photo`).expect(404);
    await ana.web.get(`/api/policies/${ana.policyId}/odometer/not-an-id/photo`).expect(404);

    // Each look at a customer's odometer is recorded with whose it is; a refused one records nothing.
    const looks = await queryRows(sut, `SELECT actor_email, customer_email, action, target FROM audit_log WHERE action LIKE 'miles.%.photo.view' ORDER BY id`);
    const look = (actor: string, action: string, id: string) => ({
      actor_email: actor,
      customer_email: ana.email,
      action,
      target: expect.stringContaining(id),
    });
    expect(looks).toEqual([
      look('admin@meterly.test', 'miles.dispute.photo.view', disputeId),
      look('agent@meterly.test', 'miles.dispute.photo.view', disputeId),
      look('admin@meterly.test', 'miles.reading.photo.view', flagged.id),
      look('agent@meterly.test', 'miles.reading.photo.view', flagged.id),
    ]);
  });

  it("flags a trip ('I was a passenger', 'not my car') as a dispute of its day without it, reviewed and decided as any dispute (issue 27)", async () => {
    const flagDay = dayFromToday(-6);
    const trips = [
      { clientTripId: randomUUID(), vehicle: `${ana.policyId}:0`, startedAt: atArizonaHour(flagDay, 8), endedAt: atArizonaHour(flagDay, 9), miles: 30 },
      { clientTripId: randomUUID(), vehicle: `${ana.policyId}:0`, startedAt: atArizonaHour(flagDay, 18), endedAt: atArizonaHour(flagDay, 19), miles: 10.4 },
    ];
    await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${ana.token}` })
      .send({ trips })
      .expect(200);
    const listed = (await ana.web.get(`/api/policies/${ana.policyId}/miles/trips?from=${flagDay}&to=${flagDay}`).expect(200)).body.payload[0].trips;
    const [first, second] = listed as { id: string }[];
    const flag = (client: Client, policyId: string, tripId: string) => client.post(`/api/policies/${policyId}/miles/trips/${tripId}/flag`);

    // Refused without a change: a flag that is not one, another customer's trip, a guessed id, no session.
    for (const body of [{}, { flag: 'asleep' }, { flag: 'passenger', note: 'x'.repeat(1001) }, { flag: 'passenger', extra: 1 }])
      expect((await flag(ana.web, ana.policyId, second.id).send(body).expect(400)).body.success).toBe(false);
    await flag(ben.web, ben.policyId, second.id).send({ flag: 'passenger' }).expect(404);
    await flag(ben.web, ana.policyId, second.id).send({ flag: 'passenger' }).expect(404);
    await flag(ana.web, ana.policyId, randomUUID()).send({ flag: 'passenger' }).expect(404);
    expect((await flag(ana.web, ana.policyId, 'not-an-id').send({ flag: 'passenger' }).expect(404)).body.error.code).toBe('TRIP_NOT_FOUND');
    await app().post(`/api/policies/${ana.policyId}/miles/trips/${second.id}/flag`).send({ flag: 'passenger' }).expect(401);
    expect(await queryRows(sut, `SELECT id FROM mile_disputes WHERE day = $1`, [flagDay])).toEqual([]);

    const flagged = (await flag(ana.web, ana.policyId, second.id).send({ flag: 'passenger', note: ' My sister drove. ' }).expect(201)).body.payload;
    // The day's 40.4 miles without the trip's 10.4: 30 claimed.
    expect(flagged).toEqual({ id: expect.any(String), day: flagDay, vehicleIndex: 0, claimedMiles: 30, status: 'open', tripId: second.id, flag: 'passenger' });
    // One dispute a car and day: the day's other trip cannot be flagged apart.
    expect((await flag(ana.web, ana.policyId, first.id).send({ flag: 'not-my-car' }).expect(409)).body.error.code).toBe('DISPUTE_EXISTS');

    const trip = { id: second.id, flag: 'passenger', startedAt: trips[1].startedAt, endedAt: trips[1].endedAt, miles: 10.4 };
    const own = (await ana.web.get(`/api/policies/${ana.policyId}/miles/disputes`).expect(200)).body.payload as { id: string }[];
    expect(own.find((d) => d.id === flagged.id)).toEqual(expect.objectContaining({ reason: 'My sister drove.', claimedMiles: 30, trip }));
    const review = (await agent.get('/api/agent/miles/review').expect(200)).body.payload;
    expect(review.openDisputes).toEqual(expect.arrayContaining([expect.objectContaining({ id: flagged.id, day: flagDay, claimedMiles: 30, trip })]));

    await admin.post(`/api/agent/miles/disputes/${flagged.id}/decision`).send({ decision: 'accepted', miles: 30 }).expect(200);
    expect(await dayOf(ana.web, ana.policyId, flagDay)).toEqual({ date: flagDay, miles: 30, billableMiles: 30, source: 'dispute' });

    // Staff acting for the customer may flag too, recorded under their name.
    const benTrip = {
      clientTripId: randomUUID(),
      vehicle: `${ben.policyId}:0`,
      startedAt: atArizonaHour(flagDay, 12),
      endedAt: atArizonaHour(flagDay, 13),
      miles: 7,
    };
    await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${ben.token}` })
      .send({ trips: [benTrip] })
      .expect(200);
    const [benListed] = (await ben.web.get(`/api/policies/${ben.policyId}/miles/trips?from=${flagDay}&to=${flagDay}`).expect(200)).body.payload[0].trips;
    await admin.post('/api/agent/on-behalf').send({ email: ben.email }).expect(200);
    expect((await flag(admin, ben.policyId, benListed.id).send({ flag: 'not-my-car' }).expect(201)).body.payload.claimedMiles).toBe(0);
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect(await queryRows(sut, `SELECT actor_email, customer_email FROM audit_log WHERE action = 'miles.trip.flag'`)).toEqual([
      { actor_email: 'admin@meterly.test', customer_email: ben.email },
    ]);
  });
});
