import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { backdatePolicy } from '../../support/backdate-policy';
import { captureOutput } from '../../support/capture-output';
import { queryRows } from '../../support/payment-fixtures';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { PNG_1X1 } from '../../support/test-images';
import { useTestApp } from '../../support/use-test-app';

const PNG = PNG_1X1.toString('base64');

describe('Miles in: the mobile app and odometer readings', () => {
  jest.setTimeout(90_000);
  const output = captureOutput();
  let web: Awaited<ReturnType<typeof signIn>>;
  let token: string;
  let deviceId: string;
  let policyId: string;
  let car: string;
  const app = () => request(sut.url);
  const bearer = () => ({ Authorization: `Bearer ${token}` });
  /** A time `hours` ago, ISO. */
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  /** `hoursAfter` noon in Phoenix (the policy's state, UTC-7 all year) `daysAgo` days ago, ISO. */
  const phoenixNoon = (daysAgo: number, hoursAfter: number) => {
    const day = new Date(Date.now() - 7 * 3_600_000);
    day.setUTCDate(day.getUTCDate() - daysAgo);
    day.setUTCHours(19 + hoursAfter, 0, 0, 0);
    return day.toISOString();
  };
  /** The app sends a batch of trips: the answer's payload (200). */
  const sendTrips = async (trips: object[]) => (await app().post('/api/mobile/trips').set(bearer()).send({ trips }).expect(200)).body.payload;
  /** The customer sends a reading of the first car on the web: the answer's payload (201). */
  const webReading = async (reading: object) =>
    (
      await web
        .post(`/api/policies/${policyId}/odometer`)
        .send({ vehicleIndex: 0, ...reading })
        .expect(201)
    ).body.payload;
  const trip = (overrides: object = {}) => ({ clientTripId: randomUUID(), vehicle: car, startedAt: ago(50), endedAt: ago(49), miles: 12.5, ...overrides });

  const sut = useTestApp();

  beforeAll(async () => {
    web = await signIn(sut, uniqueEmail('driver'));
    const quoteId = await readyToPay(web);
    const bought = await buyQuote(web, quoteId);
    policyId = bought.body.payload.policy.id;
    // As if it had started ten days ago, so there are days to drive on.
    await backdatePolicy(sut, policyId, 10);
    const device = await web.post('/api/mobile/devices').send({ name: "Ana's phone", platform: 'ios' }).expect(201);
    ({ token, id: deviceId } = device.body.payload);
    car = `${policyId}:0`;
  });

  sut.beforeClose(async () => {
    output.restore();
  });

  it('gives the app a device token once, kept only as a hash, and lists the cars it may send miles for', async () => {
    expect(token).toMatch(/^mtd_[A-Za-z0-9_-]{43}$/);
    const [stored] = await queryRows<{ token_hash: string }>(sut, 'SELECT token_hash FROM mobile_devices WHERE id = $1', [deviceId]);
    expect(stored.token_hash).not.toContain(token);
    const cars = (await app().get('/api/mobile/policies').set(bearer()).expect(200)).body.payload;
    expect(cars).toEqual([
      expect.objectContaining({ policyId, timeZone: 'America/Phoenix', vehicles: [expect.objectContaining({ key: car, make: 'Honda', model: 'Civic' })] }),
    ]);
    await app().get('/api/mobile/policies').expect(401);
    await app().get('/api/mobile/policies').set({ Authorization: 'Bearer mtd_not-a-real-token-000000000000' }).expect(401);
    await app().post('/api/mobile/devices').send({ name: 'x', platform: 'ios' }).expect(401);
  });

  it('stores a retried batch once, and refuses each bad trip with its reason', async () => {
    const good = trip();
    const first = await sendTrips([good]);
    expect(first).toEqual({ accepted: [good.clientTripId], duplicates: [], rejected: [] });
    const again = await sendTrips([good]);
    expect(again).toEqual({ accepted: [], duplicates: [good.clientTripId], rejected: [] });

    const bad = {
      overlap: trip({ startedAt: ago(49.5), endedAt: ago(48) }),
      backwards: trip({ startedAt: ago(30), endedAt: ago(31) }),
      future: trip({ startedAt: ago(1), endedAt: ago(-2) }),
      beforePolicy: trip({ startedAt: ago(24 * 20), endedAt: ago(24 * 20 - 1) }),
      // Wholly inside one day of the policy's state, whatever the hour the suite runs: a trip across
      // midnight is split between two days, neither of them over the limit.
      tooFar: trip({ startedAt: phoenixNoon(3, 0), endedAt: phoenixNoon(3, 1), miles: 1200 }),
      otherCar: trip({ vehicle: `${randomUUID()}:0` }),
    };
    const answer = await sendTrips(Object.values(bad));
    const reasons = Object.fromEntries(answer.rejected.map((r: { clientTripId: string; reason: string }) => [r.clientTripId, r.reason]));
    expect(reasons).toEqual({
      [bad.overlap.clientTripId]: 'OVERLAPS',
      [bad.backwards.clientTripId]: 'ENDS_BEFORE_START',
      [bad.future.clientTripId]: 'IN_FUTURE',
      [bad.beforePolicy.clientTripId]: 'BEFORE_POLICY',
      [bad.tooFar.clientTripId]: 'OVER_1000_MILES_A_DAY',
      [bad.otherCar.clientTripId]: 'VEHICLE_UNKNOWN',
    });
    expect(answer.accepted).toEqual([]);
    expect(await queryRows(sut, 'SELECT count(*)::int AS n FROM trips', [])).toEqual([{ n: 1 }]);
  });

  it('refuses a malformed batch as a whole with 400, never 500', async () => {
    for (const body of [
      {},
      { trips: [] },
      { trips: [{ ...trip(), miles: 'ten' }] },
      { trips: [{ ...trip(), vehicle: 'car-1' }] },
      { trips: [{ ...trip(), extra: 1 }] },
      { trips: Array.from({ length: 201 }, () => trip()) },
    ]) {
      const res = await app().post('/api/mobile/trips').set(bearer()).send(body).expect(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('takes odometer readings from the app and the web, refuses one that goes down, and flags a jump', async () => {
    const first = (
      await app()
        .post('/api/mobile/odometer')
        .set(bearer())
        .send({ vehicle: car, reading: 48_000, readAt: ago(24 * 5), photo: PNG })
        .expect(201)
    ).body.payload;
    expect(first).toMatchObject({ reading: 48_000, flag: null });
    const web1 = await webReading({ reading: 48_100, readAt: ago(24 * 4) });
    expect(web1.flag).toBeNull();
    const down = await web.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 47_000 }).expect(422);
    expect(down.body.error).toMatchObject({ code: 'ODOMETER_WENT_DOWN', extra: { previous: 48_100 } });
    const jump = await webReading({ reading: 58_000, readAt: ago(24 * 3) });
    expect(jump.flag).toBe('OVER_1000_MILES_A_DAY');
    await web
      .post(`/api/policies/${policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 58_100, photo: Buffer.from('not an image').toString('base64') })
      .expect(400);
    await web
      .post(`/api/policies/${policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 58_100, readAt: ago(-5) })
      .expect(400);
    const stranger = await signIn(sut, uniqueEmail('stranger'));
    await stranger.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 60_000 }).expect(404);
    await stranger.get(`/api/policies/${policyId}/miles?from=2026-11-01&to=2026-11-02`).expect(404);
  });

  it('answers miles per day with their source and the 250-mile cap, and takes a disputed day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    const [vehicle] = (await web.get(`/api/policies/${policyId}/miles?from=${from}&to=${today}`).expect(200)).body.payload;
    expect(vehicle.vehicle).toBe(car);
    const days: { date: string; miles: number; billableMiles: number; source: string }[] = vehicle.days;
    expect(days.length).toBeGreaterThanOrEqual(10);
    expect(days.some((d) => d.source === 'trips')).toBe(true);
    expect(days.some((d) => d.source === 'odometer')).toBe(true);
    for (const day of days) expect(day.billableMiles).toBeLessThanOrEqual(250);
    // The flagged jump (9,900 miles in a day) is billed at the cap.
    expect(days.some((d) => d.miles > 250 && d.billableMiles === 250)).toBe(true);
    await web.get(`/api/policies/${policyId}/miles?from=${today}&to=${from}`).expect(400);
    await web.get(`/api/policies/${policyId}/miles?from=2020-01-01&to=2026-01-01`).expect(400);

    const disputed = (
      await web
        .post(`/api/policies/${policyId}/miles/disputes`)
        .send({ vehicleIndex: 0, day: from, reason: 'The car was in the garage all day.', photo: PNG })
        .expect(201)
    ).body.payload;
    expect(disputed).toMatchObject({ day: from, status: 'open' });
    await web.post(`/api/policies/${policyId}/miles/disputes`).send({ vehicleIndex: 0, day: from, reason: 'Again' }).expect(409);
    expect((await web.get(`/api/policies/${policyId}/miles/disputes`).expect(200)).body.payload).toEqual([
      expect.objectContaining({ day: from, hasPhoto: true }),
    ]);
  });

  it('signs a device out, and never logs its token', async () => {
    await web.delete(`/api/mobile/devices/${deviceId}`).send({}).expect(200);
    await app().get('/api/mobile/policies').set(bearer()).expect(401);
    await web.delete(`/api/mobile/devices/${deviceId}`).send({}).expect(404);
    expect(output.text()).not.toContain(token);
  });
});
