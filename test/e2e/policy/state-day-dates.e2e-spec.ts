import { randomUUID } from 'node:crypto';
import { addDays, isoDay } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * A policy's start, confirmation, cancellation and documents count in its state's days, as its
 * miles and bills do: the fixtures' quotes are in Arizona (UTC−7 all year), whose day is UTC's
 * previous one from 00:00 to 07:00 UTC.
 */
describe("A policy's dates are its state's days", () => {
  jest.setTimeout(120_000);
  const clock = new TestClock();

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  /**
   * Moves the server's clock to the next `hourUtc`:00 UTC ahead of it (never back: the database's
   * own now() keeps the sessions' expiry), before anyone signs in.
   */
  function clockToNext(hourUtc: number): Date {
    const now = clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
    if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
    clock.advance(target.getTime() - now.getTime());
    return target;
  }

  const buy = (client: Client, body: object) => client.post('/api/policies').set('Idempotency-Key', randomUUID()).send(body);

  async function customerReadyToPay(): Promise<{ client: Client; quoteId: string; paymentToken: string }> {
    const client = await signIn(sut, uniqueEmail('state-day'));
    const quoteId = await readyToPay(client);
    return { client, quoteId, paymentToken: await cardToken(client) };
  }

  it('on an Arizona evening (UTC already tomorrow) a policy starts today in Arizona, and 30 days on is the last start', async () => {
    const at = clockToNext(3);
    const arizonaToday = stateDay(at, 'AZ');
    expect(arizonaToday).toBe(addDays(isoDay(at), -1));

    const late = await customerReadyToPay();
    const refused = await buy(late.client, purchaseBody(late.quoteId, late.paymentToken, { startDate: addDays(arizonaToday, 31) })).expect(400);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'START_DATE_INVALID' } });

    const { client, quoteId, paymentToken } = await customerReadyToPay();
    const { policy } = (await buy(client, purchaseBody(quoteId, paymentToken, { startDate: arizonaToday })).expect(201)).body.payload;
    expect(policy).toMatchObject({ status: 'active', effectiveDate: arizonaToday });
  });

  it('on an Arizona morning a policy cannot start yesterday: no coverage bought for a day already gone', async () => {
    const at = clockToNext(15);
    const arizonaToday = stateDay(at, 'AZ');
    expect(arizonaToday).toBe(isoDay(at));
    const { client, quoteId, paymentToken } = await customerReadyToPay();

    const refused = await buy(client, purchaseBody(quoteId, paymentToken, { startDate: addDays(arizonaToday, -1) })).expect(400);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'START_DATE_INVALID' } });
    const [row] = await queryRows<{ policies: string }>(sut, `SELECT count(*) AS policies FROM policies WHERE quote_id = $1`, [quoteId]);
    expect(row.policies).toBe('0');
  });

  it("cancels from today in the policy's state, never from a day it already covered", async () => {
    const at = clockToNext(15);
    const arizonaToday = stateDay(at, 'AZ');
    const { client, quoteId, paymentToken } = await customerReadyToPay();
    const { policy } = (await buy(client, purchaseBody(quoteId, paymentToken, { startDate: arizonaToday })).expect(201)).body.payload;
    await backdatePolicy(sut, policy.id, addDays(arizonaToday, -10));

    const yesterday = await client
      .post(`/api/policies/${policy.id}/cancel`)
      .send({ date: addDays(arizonaToday, -1) })
      .expect(400);
    expect(yesterday.body).toMatchObject({ success: false, error: { code: 'CANCEL_DATE_INVALID' } });
    const today = await client.post(`/api/policies/${policy.id}/cancel`).send({ date: arizonaToday }).expect(200);
    expect(today.body.payload).toMatchObject({ status: 'cancelled', cancellationDate: arizonaToday });
  });

  it("a sale staff made is confirmed on an Arizona evening from Arizona's today, not UTC's tomorrow", async () => {
    const at = clockToNext(4);
    const arizonaToday = stateDay(at, 'AZ');
    const agent = await signIn(sut, 'agent@meterly.test');
    const customerEmail = uniqueEmail('state-day-sold');
    await agent.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const quoteId = await readyToPay(agent);
    const sold = await buy(agent, { quoteId, paymentToken: await cardToken(agent), startDate: arizonaToday }).expect(201);
    const policyId = sold.body.payload.policy.id;
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    // The customer signs a day later than the start staff chose: coverage starts on the day they sign.
    await backdatePolicy(sut, policyId, addDays(arizonaToday, -1));

    const customer = await signIn(sut, customerEmail);
    const confirmed = await customer
      .post(`/api/policies/${policyId}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: true, signatureName: 'Ana García' })
      .expect(200);
    expect(confirmed.body.payload).toMatchObject({ status: 'active', effectiveDate: arizonaToday });
  });
});
