import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows } from '../../support/payment-fixtures';
import { buyQuote, cardToken, readyToPay } from '../../support/purchase-flow';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { signedInAs, useTestApp } from '../../support/use-test-app';

/**
 * Issue 18: what staff do for a customer is audited in one place (@AuditOnBehalf and its
 * interceptor) rather than by each service; the entries are the ones the services wrote: the
 * same action, the same target, the staff member as actor and the customer named.
 */
describe('The audit of what staff do for a customer', () => {
  jest.setTimeout(180_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const admin = signedInAs(sut, 'admin@meterly.test');

  afterEach(async () => {
    await admin.post('/api/agent/on-behalf/stop').send({});
  });

  const entries = async (customerEmail: string) =>
    await queryRows<{ action: string; target: string | null; actor_email: string; actor_role: string }>(
      sut,
      `SELECT action, target, actor_email, actor_role FROM audit_log WHERE lower(customer_email) = lower($1) ORDER BY id`,
      [customerEmail],
    );

  it('names each change to a quote, the account and the card by its action and target', async () => {
    const customerEmail = uniqueEmail('audited');
    await admin.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const { zip: _zip, ...withoutZip } = GOOD_ANSWERS;
    const created = (await admin.post('/api/quotes').send(withoutZip).expect(201)).body.payload;
    const ref: string = created.reference;
    await admin.patch(`/api/quotes/${created.id}`).send({ zip: GOOD_ANSWERS.zip }).expect(200);
    await admin.post(`/api/quotes/${created.id}/price`).send({}).expect(200);
    await admin.post(`/api/quotes/${created.id}/continue`).send({}).expect(200);
    await admin.put(`/api/quotes/${created.id}/application/address`).send({ line1: '120 W Washington St', city: 'Phoenix' }).expect(200);
    await admin.put('/api/account').send({ name: 'Ana García' }).expect(200);
    await admin
      .put('/api/payments/method')
      .send({ token: await cardToken(admin) })
      .expect(200);

    const recorded = await entries(customerEmail);
    expect(recorded.map((e) => [e.action, e.target])).toEqual([
      ['on-behalf.start', customerEmail],
      ['quote.create', ref],
      // Every field of the answers, sent or not, as the service's own entry named them before issue 18.
      ['quote.update', `${ref}: zip, vehicle, driver, priorInsurance, incidents, milesPerMonth`],
      ['quote.update', `${ref}: `],
      ['quote.continue', ref],
      ['quote.application.address', ref],
      ['account.update', null],
      // The card token itself is the browser's tokenization, recorded as a plain request.
      ['on-behalf.request', 'POST /api/payments/sandbox/tokens'],
      ['payment-method.replace', 'visa 4242'],
    ]);
    expect(recorded.every((e) => e.actor_email === 'admin@meterly.test' && e.actor_role === 'admin')).toBe(true);
  });

  it("names each change to a customer's policy by its number", async () => {
    const customerEmail = uniqueEmail('insured');
    const customer = await signIn(sut, customerEmail);
    const quoteId = await readyToPay(customer);
    const bought = await buyQuote(customer, quoteId);
    const policy: { id: string; number: string } = bought.body.payload.policy;
    await backdatePolicy(sut, policy.id, 10);

    await admin.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const reading = (await admin.post(`/api/policies/${policy.id}/odometer`).send({ vehicleIndex: 0, reading: 40_000 }).expect(201)).body.payload;
    const day = dayFromToday(-2);
    await admin.post(`/api/policies/${policy.id}/miles/disputes`).send({ vehicleIndex: 0, day, reason: 'The car was parked.' }).expect(201);
    await admin.put(`/api/policies/${policy.id}/billing/budget`).send({ miles: 500 }).expect(200);
    await admin.put(`/api/policies/${policy.id}/billing/budget`).send({ miles: null }).expect(200);
    await admin
      .post(`/api/policies/${policy.id}/cancel`)
      .send({ date: dayFromToday(5) })
      .expect(200);

    expect((await entries(customerEmail)).map((e) => [e.action, e.target])).toEqual([
      ['on-behalf.start', customerEmail],
      ['miles.odometer', `${policy.number} car 0: ${reading.reading}`],
      ['miles.dispute', `${policy.number} car 0: ${day}`],
      ['billing.budget', `${policy.number}: 500`],
      ['billing.budget', `${policy.number}: none`],
      ['policy.cancel', policy.number],
    ]);
  });
});
