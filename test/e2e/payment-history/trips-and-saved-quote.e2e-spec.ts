import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { addDays } from '../../../src/shared/dates/iso-day';
import { localDay } from '../../../src/shared/dates/state-day';
import { PHOENIX as phoenix, arizonaTime } from '../../support/arizona-time';
import { backdatePolicy } from '../../support/backdate-policy';
import { ADDRESS, buyQuote, completeQuote, confirmCoverage, identify, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import type { CarTrips } from '../../../src/shared/miles/miles-model';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 16: the trips behind each day's miles, and the quote a customer left half-way, on the profile. */
describe('The profile after the sale: trips and the saved quote (issue 16)', () => {
  jest.setTimeout(120_000);

  const sut = useTestApp();

  async function buy(client: Client): Promise<{ id: string; number: string }> {
    const quoteId = await readyToPay(client);
    return (await buyQuote(client, quoteId)).body.payload.policy;
  }

  describe('GET /api/policies/:id/miles/trips', () => {
    let owner: Client;
    let policyId: string;
    let token: string;

    beforeAll(async () => {
      owner = await signIn(sut, uniqueEmail('trips'));
      ({ id: policyId } = await buy(owner));
      await backdatePolicy(sut, policyId, 10);
      token = (await owner.post('/api/mobile/devices').send({ name: "Ana's phone", platform: 'android' }).expect(201)).body.payload.token;
      // Trips keep their cities only once the customer says so (issue 27: miles only by default).
      await owner.put('/api/account/locations').send({ choice: 'keep' }).expect(200);
    });

    const tripsOf = (client: Client, from: string, to: string) => client.get(`/api/policies/${policyId}/miles/trips?from=${from}&to=${to}`);

    it('stores the trips the app sends and lists them under the day they started, with their cities and miles', async () => {
      const sent = [
        {
          clientTripId: randomUUID(),
          vehicle: `${policyId}:0`,
          startedAt: arizonaTime(2, 9),
          endedAt: arizonaTime(2, 9.5),
          miles: 12.4,
          route: { startCity: 'Phoenix', endCity: 'Tempe' },
        },
        {
          clientTripId: randomUUID(),
          vehicle: `${policyId}:0`,
          startedAt: arizonaTime(2, 11),
          endedAt: arizonaTime(2, 11.5),
          miles: 8,
          route: { startCity: 'Tempe', endCity: 'Mesa' },
        },
        { clientTripId: randomUUID(), vehicle: `${policyId}:0`, startedAt: arizonaTime(1, 14), endedAt: arizonaTime(1, 15), miles: 30.25 },
      ];
      const answer = (
        await request(sut.url)
          .post('/api/mobile/trips')
          .set({ Authorization: `Bearer ${token}` })
          .send({ trips: sent })
          .expect(200)
      ).body.payload;
      expect(answer.accepted).toHaveLength(3);

      const from = addDays(localDay(new Date(), phoenix), -5);
      const to = localDay(new Date(), phoenix);
      const cars = (await tripsOf(owner, from, to).expect(200)).body.payload as CarTrips[];
      expect(cars).toEqual([{ vehicle: `${policyId}:0`, timeZone: phoenix, more: false, trips: expect.any(Array) }]);
      expect(cars[0].trips).toEqual(
        sent.map((trip) => ({
          id: expect.any(String),
          day: localDay(new Date(trip.startedAt), phoenix),
          startedAt: trip.startedAt,
          endedAt: trip.endedAt,
          miles: trip.miles,
          startCity: trip.route?.startCity ?? null,
          endCity: trip.route?.endCity ?? null,
          hasLocation: Boolean(trip.route),
        })),
      );
      // The trips add up to the days' miles the profile shows beside them.
      const days = (await owner.get(`/api/policies/${policyId}/miles?from=${from}&to=${to}`).expect(200)).body.payload[0].days as {
        date: string;
        miles: number;
      }[];
      const firstDay = cars[0].trips[0].day;
      const tripMiles = cars[0].trips.filter((trip) => trip.day === firstDay).reduce((sum, trip) => sum + trip.miles, 0);
      expect(days.find((day) => day.date === firstDay)?.miles).toBeCloseTo(tripMiles, 2);

      // A range that holds none of them: none listed.
      const none = (await tripsOf(owner, addDays(from, -30), addDays(from, -20)).expect(200)).body.payload as CarTrips[];
      expect(none[0].trips).toEqual([]);
    });

    it("keeps a policy's trips from another customer (404) and refuses a bad range (400)", async () => {
      const other = await signIn(sut, uniqueEmail('snoop'));
      const refused = await tripsOf(other, '2026-11-01', '2026-11-30').expect(404);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'VEHICLE_UNKNOWN' } });
      await request(sut.url).get(`/api/policies/${policyId}/miles/trips?from=2026-11-01&to=2026-11-30`).expect(401);
      const backwards = await tripsOf(owner, '2026-11-30', '2026-11-01').expect(400);
      expect(backwards.body.error.code).toBe('INVALID_INPUT');
      await tripsOf(owner, '2026-11-31', '2026-12-01').expect(400);
    });
  });

  describe('the saved quote (GET /api/quotes/current)', () => {
    it('is the quote in progress, with the step where it stopped, and is gone once bought', async () => {
      const customer = await signIn(sut, uniqueEmail('saved'));
      const current = async () => (await customer.get('/api/quotes/current').expect(200)).body.payload;
      expect(await current()).toBeNull();
      const quoteId = await completeQuote(customer);
      expect(await current()).toMatchObject({ id: quoteId, purchaseStep: 'application', reference: expect.any(String) });

      await customer.put(`/api/quotes/${quoteId}/application/address`).send(ADDRESS).expect(200);
      await customer.put(`/api/quotes/${quoteId}/application/drivers`).send({ drivers: [] }).expect(200);
      await customer.put(`/api/quotes/${quoteId}/application/vehicles`).send({ vehicles: [] }).expect(200);
      await identify(customer, quoteId);
      await customer.put(`/api/quotes/${quoteId}/application/history`).send({ priorInsurance: 'over-3-years', currentCarrier: 'Acme Mutual' }).expect(200);
      expect(await current()).toMatchObject({ id: quoteId, purchaseStep: 'products', monthlyEstimateCents: expect.any(Number) });
      await customer.put(`/api/quotes/${quoteId}/package`).send({ package: 'standard' }).expect(200);
      expect(await current()).toMatchObject({ id: quoteId, purchaseStep: 'coverage' });
      await confirmCoverage(customer, quoteId);
      expect(await current()).toMatchObject({ id: quoteId, purchaseStep: 'payment' });

      // Another customer never sees it.
      const other = await signIn(sut, uniqueEmail('other'));
      expect((await other.get('/api/quotes/current').expect(200)).body.payload).toBeNull();

      await buyQuote(customer, quoteId);
      expect(await current()).toBeNull();
    });
  });
});
