import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { reportAccidentAt } from '../../support/claim-fixtures';
import { pdfText } from '../../support/pdf-text';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { sendTrip as sendTripOf } from '../../support/two-car-policy';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const MINUTE = 60_000;

/**
 * Issue 26, "cover before the purchase": a policy covers from the moment it is bound when it
 * starts that day, from the start of its first day (in its state) when it starts later. Claims,
 * trips and odometer readings dated before that moment are refused, on the real API, with the
 * server's clock moved to an Arizona evening (UTC−7 all year).
 */
describe('Cover begins at the purchase, not the midnight before', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  /** Moves the server's clock forward to the next `hourUtc`:`minute` UTC (never back: sessions expire by the database's now()). */
  function clockToNext(hourUtc: number, minute = 0): Date {
    const now = clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc, minute));
    if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
    clock.advance(target.getTime() - now.getTime());
    return target;
  }

  /**
   * A customer who, ready to pay, buys at the next `hourUtc`:`minute` UTC (the clock moved there) a
   * policy starting `startDate`, with a phone signed in to the app.
   */
  async function buyAt(hourUtc: number, minute: number, startDate: (arizonaToday: string) => string) {
    // A few minutes ahead, so the steps before paying (a second or two here) land before it and the session stays fresh.
    clockToNext(hourUtc, minute - 4);
    const email = uniqueEmail('cover');
    const web = await signIn(sut, email);
    const quoteId = await readyToPay(web);
    const paymentToken = await cardToken(web);
    const at = clockToNext(hourUtc, minute);
    const body = purchaseBody(quoteId, paymentToken, { startDate: startDate(stateDay(at, 'AZ')) });
    const { policy } = (await web.post('/api/policies').set('Idempotency-Key', randomUUID()).send(body).expect(201)).body.payload;
    const token: string = (await web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    return { web, email, policy: policy as { id: string; effectiveDate: string; boundAt: string; status: string }, token };
  }

  const claim = (web: Client, policyId: string, occurredAt: Date) => reportAccidentAt(web, policyId, occurredAt);
  const reading = (web: Client, policyId: string, value: number, readAt: Date) =>
    web.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: value, readAt: readAt.toISOString() });
  const sendTrip = (token: string, policyId: string, startedAt: Date) => sendTripOf(sut, token, `${policyId}:0`, startedAt.getTime(), 6);

  it('a policy bought at 8:34 pm starting that day refuses the 6:00 pm accident, trip and reading, and takes those after 8:34 pm', async () => {
    // 03:34 UTC: 8:34 pm in Phoenix, the day before in UTC's terms; bound a moment after the clock got there.
    const { web, policy, token } = await buyAt(3, 34, (today) => today);
    const boughtAt = new Date(policy.boundAt);
    expect(boughtAt.getUTCHours() * 60 + boughtAt.getUTCMinutes()).toBe(3 * 60 + 34);
    expect(policy).toMatchObject({ status: 'active', effectiveDate: stateDay(boughtAt, 'AZ') });
    // The app is told when each car's cover began, so it sends nothing from before.
    const cars = (
      await request(sut.url)
        .get('/api/mobile/policies')
        .set({ Authorization: `Bearer ${token}` })
        .expect(200)
    ).body.payload;
    expect(cars).toEqual([expect.objectContaining({ policyId: policy.id, vehicles: [expect.objectContaining({ coverStartsAt: policy.boundAt })] })]);
    const sixPm = new Date(Date.UTC(boughtAt.getUTCFullYear(), boughtAt.getUTCMonth(), boughtAt.getUTCDate(), 1)); // 01:00 UTC
    expect(stateDay(sixPm, 'AZ')).toBe(policy.effectiveDate);

    const early = await claim(web, policy.id, sixPm).expect(422);
    expect(early.body).toEqual({
      success: false,
      error: {
        code: 'CLAIM_BEFORE_POLICY',
        message: expect.stringContaining("before the policy's cover began"),
        extra: { coverStartsAt: boughtAt.toISOString(), timeZone: 'America/Phoenix' },
      },
    });
    expect((await sendTrip(token, policy.id, sixPm)).rejected).toEqual([expect.objectContaining({ reason: 'BEFORE_POLICY' })]);
    const earlyReading = await reading(web, policy.id, 41_000, sixPm).expect(422);
    expect(earlyReading.body.error).toMatchObject({ code: 'READING_BEFORE_POLICY', extra: { coverStartsAt: boughtAt.toISOString() } });

    // Twenty minutes on, what happened after the purchase is covered and taken.
    clock.advance(20 * MINUTE);
    const afterPurchase = new Date(boughtAt.getTime() + 5 * MINUTE);
    expect((await claim(web, policy.id, afterPurchase).expect(201)).body.payload.occurredAt).toBe(afterPurchase.toISOString());
    expect((await sendTrip(token, policy.id, afterPurchase)).accepted).toHaveLength(1);
    await reading(web, policy.id, 41_010, afterPurchase).expect(201);
    // Disputes are of days: the first day may be disputed, the one before may not.
    await web.post(`/api/policies/${policy.id}/miles/disputes`).send({ vehicleIndex: 0, day: policy.effectiveDate, reason: 'I drove less' }).expect(201);
    const dayBefore = await web
      .post(`/api/policies/${policy.id}/miles/disputes`)
      .send({ vehicleIndex: 0, day: addDays(policy.effectiveDate, -1), reason: 'I drove less' })
      .expect(422);
    expect(dayBefore.body.error.code).toBe('DAY_OUT_OF_POLICY');

    // The declarations print the moment, in Arizona's time.
    const declarations = await pdfText((await web.get(`/api/policies/${policy.id}/documents/declarations.pdf?locale=en-US`).buffer(true).expect(200)).body);
    const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Phoenix' }).format(boughtAt);
    expect(declarations).toContain(`Cover begins: ${moment} at 8:34 PM MST`);
  });

  it('a policy bought in the evening for the next day covers from that midnight in Arizona, not from the purchase', async () => {
    const bought = await buyAt(3, 34, (today) => addDays(today, 1));
    const { policy, token } = bought;
    const boughtAt = new Date(policy.boundAt);
    const midnight = new Date(Date.UTC(boughtAt.getUTCFullYear(), boughtAt.getUTCMonth(), boughtAt.getUTCDate(), 7)); // 12:00 am in Phoenix
    expect(stateDay(midnight, 'AZ')).toBe(policy.effectiveDate);
    expect(stateDay(new Date(midnight.getTime() - 1), 'AZ')).toBe(addDays(policy.effectiveDate, -1));
    clockToNext(7, 34); // 12:34 am on the first day; signed in again (the session idled out meanwhile)
    const web = await signIn(sut, bought.email);

    const tenToMidnight = new Date(midnight.getTime() - 10 * MINUTE);
    const refused = await claim(web, policy.id, tenToMidnight).expect(422);
    expect(refused.body.error).toMatchObject({ code: 'CLAIM_BEFORE_POLICY', extra: { coverStartsAt: midnight.toISOString(), timeZone: 'America/Phoenix' } });
    expect((await sendTrip(token, policy.id, new Date(midnight.getTime() - 30 * MINUTE))).rejected).toEqual([
      expect.objectContaining({ reason: 'BEFORE_POLICY' }),
    ]);
    await reading(web, policy.id, 52_000, tenToMidnight).expect(422);

    const justAfter = new Date(midnight.getTime() + MINUTE);
    await claim(web, policy.id, justAfter).expect(201);
    expect((await sendTrip(token, policy.id, justAfter)).accepted).toHaveLength(1);
    await reading(web, policy.id, 52_010, justAfter).expect(201);
  });
  it('a staff sale the customer has not confirmed covers nothing; confirmed, it covers from the confirmation', async () => {
    clock.advance(5 * MINUTE);
    const agent = await signIn(sut, 'agent@meterly.test');
    const email = uniqueEmail('cover-staff');
    await agent.post('/api/agent/on-behalf').send({ email }).expect(200);
    const quoteId = await readyToPay(agent);
    const sold = await agent
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      .send({ quoteId, paymentToken: await cardToken(agent), startDate: stateDay(clock.now(), 'AZ') })
      .expect(201);
    const policyId: string = sold.body.payload.policy.id;
    expect(sold.body.payload.status).toBe('pending-confirmation');
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);

    const web = await signIn(sut, email);
    const unbound = await claim(web, policyId, new Date(clock.now().getTime() - MINUTE)).expect(422);
    expect(unbound.body.error.code).toBe('CLAIM_POLICY_NOT_BOUND');
    const pending = await pdfText((await web.get(`/api/policies/${policyId}/documents/declarations.pdf?locale=en-US`).buffer(true).expect(200)).body);
    expect(pending).not.toContain('Cover begins');

    clock.advance(10 * MINUTE);
    const confirmed = await web
      .post(`/api/policies/${policyId}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: true, signatureName: 'Ana García' })
      .expect(200);
    const boundAt: string = confirmed.body.payload.boundAt;
    expect(Math.abs(Date.parse(boundAt) - clock.now().getTime())).toBeLessThan(MINUTE);
    const beforeConfirming = await claim(web, policyId, new Date(Date.parse(boundAt) - 5 * MINUTE)).expect(422);
    expect(beforeConfirming.body.error).toMatchObject({ code: 'CLAIM_BEFORE_POLICY', extra: { coverStartsAt: boundAt } });
    clock.advance(5 * MINUTE);
    await claim(web, policyId, new Date(Date.parse(boundAt) + MINUTE)).expect(201);
  });
});
