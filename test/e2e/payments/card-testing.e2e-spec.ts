import { randomUUID } from 'node:crypto';
import { CARD_LIMITS } from '../../../src/modules/payments/card-limits';
import { queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { purchaseBody, readyToPay } from '../../support/purchase-flow';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = ReturnType<typeof browserLike>;

/**
 * Issue 14, finding 10: card testing. Tries of a card are limited per account, per address and
 * per card (fingerprint); a decline names its reason only while it helps the customer; past the
 * limits the answer is 429 with Retry-After. Behind a proxy trusted by address, as in production, so
 * each test picks the caller's address with X-Forwarded-For.
 */
describe('Card testing limits', () => {
  jest.setTimeout(120_000);
  let lastIp = 0;
  const newIp = () => `198.51.100.${++lastIp}`;

  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback' } });

  beforeEach(async () => {
    // Each test starts with clean counts; the card numbers are shared between tests.
    await queryRows(sut, 'DELETE FROM rate_limit_hits');
  });

  const token = (client: Client, number: string, ip: string) =>
    client.post('/api/payments/sandbox/tokens').set('X-Forwarded-For', ip).send(sandboxCard(number));

  /** A customer signed in with a quote ready to pay. */
  async function customer(): Promise<{ client: Client; quoteId: string; email: string }> {
    const email = uniqueEmail('card-tester');
    const client = await signIn(sut, email);
    return { client, quoteId: await readyToPay(client), email };
  }

  /** One purchase attempt with a card from `ip`: the answer. */
  async function pay(who: { client: Client; quoteId: string }, number: string, ip: string) {
    const made = await token(who.client, number, ip).expect(201);
    return who.client
      .post('/api/policies')
      .set('X-Forwarded-For', ip)
      .set('Idempotency-Key', randomUUID())
      .send(purchaseBody(who.quoteId, made.body.payload.token));
  }

  function expectStatus<T extends { status: number; body: unknown }>(res: T, status: number): T {
    expect({ status: res.status, body: res.body }).toMatchObject({ status });
    return res;
  }

  function expectTooMany(res: { status: number; headers: Record<string, string>; body: unknown }) {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/too many card attempts/i),
        extra: { retryAfterSeconds: Number(res.headers['retry-after']) },
      }),
    });
  }

  const chargesOf = (email: string) => queryRows(sut, 'SELECT id FROM payment_charges WHERE user_id = (SELECT id FROM users WHERE email = $1)', [email]);

  it('names the first declines of an account, then gives one generic reason, then refuses the account (429) whatever the card or address', async () => {
    const buyer = await customer();
    const reasons: string[] = [];
    for (const number of [TEST_CARDS.insufficientFunds, TEST_CARDS.expiredCard, TEST_CARDS.insufficientFunds, TEST_CARDS.declined, TEST_CARDS.expiredCard]) {
      const res = await pay(buyer, number, newIp());
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringContaining('call your bank') });
      reasons.push(res.body.error.extra.reason);
    }
    expect(reasons).toEqual(['insufficient_funds', 'expired_card', 'card_declined', 'card_declined', 'card_declined']);
    expect(reasons).toHaveLength(CARD_LIMITS.declinesPerAccountPerHour);

    // Even a good card, from a new address: the account waits. Nothing is charged.
    const charges = (await chargesOf(buyer.email)).length;
    expectTooMany(await pay(buyer, TEST_CARDS.approves, newIp()));
    expect(await chargesOf(buyer.email)).toHaveLength(charges);
    // Saving a card on the profile is a try of a card too.
    const saved = await token(buyer.client, TEST_CARDS.approves, newIp()).expect(201);
    expectTooMany(await buyer.client.put('/api/payments/method').set('X-Forwarded-For', newIp()).send({ token: saved.body.payload.token }));
  });

  it('lets a customer whose card was declined pay with another card', async () => {
    const buyer = await customer();
    const ip = newIp();
    const declined = expectStatus(await pay(buyer, TEST_CARDS.declined, ip), 402);
    expect(declined.body.error.extra.reason).toBe('card_declined');
    const bought = expectStatus(await pay(buyer, TEST_CARDS.approves, ip), 201);
    expect(bought.body.payload.status).toBe('active');
  });

  it('refuses a card declined too often, whoever tries it from wherever, before charging it', async () => {
    for (let i = 0; i < CARD_LIMITS.declinesPerCardPerHour; i++) {
      expectStatus(await pay(await customer(), TEST_CARDS.declined, newIp()), 402);
    }
    const next = await customer();
    expectTooMany(await pay(next, TEST_CARDS.declined, newIp()));
    expect(await chargesOf(next.email)).toEqual([]);
    // Another card of that customer's goes through.
    expectStatus(await pay(next, TEST_CARDS.approves, newIp()), 201);
  });

  it('refuses an address with too many declines, across accounts and cards; the same customers elsewhere are not refused', async () => {
    const ip = newIp();
    const buyers = [await customer(), await customer(), await customer()];
    const cards = [TEST_CARDS.declined, TEST_CARDS.insufficientFunds, TEST_CARDS.expiredCard];
    for (let i = 0; i < CARD_LIMITS.declinesPerIpPerHour; i++) {
      expectStatus(await pay(buyers[i % 3], cards[i % 3], ip), 402);
    }
    const fresh = await customer();
    expectTooMany(await pay(fresh, TEST_CARDS.approves, ip));
    expectStatus(await pay(fresh, TEST_CARDS.approves, newIp()), 201);
  });

  it('limits card tokens asked for without signing in, per address', async () => {
    const anonymous = browserLike(sut);
    const ip = newIp();
    for (let i = 0; i < CARD_LIMITS.tokensPerIpPer10Minutes; i++) await token(anonymous, TEST_CARDS.approves, ip).expect(201);
    expectTooMany(await token(anonymous, TEST_CARDS.approves, ip));
    await token(anonymous, TEST_CARDS.approves, newIp()).expect(201);
  });
});
