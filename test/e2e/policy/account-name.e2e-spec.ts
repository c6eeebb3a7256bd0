import { randomUUID } from 'node:crypto';
import { cardToken, purchaseBody, readyToPay, sellOnBehalf } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** The named insured of the quote fixtures (GOOD_ANSWERS.driver). */
const NAMED_INSURED = 'Ana García';

describe('The account takes its name from the policy it binds (issue 15)', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  const accountName = async (client: Client) => (await client.get('/api/account').expect(200)).body.payload.name;
  const buyOnline = async (customer: Client) => {
    const quoteId = await readyToPay(customer);
    await customer
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      .send(purchaseBody(quoteId, await cardToken(customer), { signatureName: 'A. García' }))
      .expect(201);
  };

  it('gives an account with no name the first named insured when the customer buys online', async () => {
    const customer = await signIn(sut, uniqueEmail('named-online'));
    expect(await accountName(customer)).toBeNull();
    await buyOnline(customer);
    expect(await accountName(customer)).toBe(NAMED_INSURED);
  });

  it('keeps a name the customer set themselves', async () => {
    const customer = await signIn(sut, uniqueEmail('named-already'));
    await customer.put('/api/account').send({ name: 'Anita García López' }).expect(200);
    await buyOnline(customer);
    expect(await accountName(customer)).toBe('Anita García López');
  });

  it('names the account when the customer confirms a policy staff sold, not before', async () => {
    const email = uniqueEmail('named-confirmed');
    const agent = await signIn(sut, 'agent@meterly.test');
    const sold = await sellOnBehalf(agent, email);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);

    const customer = await signIn(sut, email);
    // A sale waiting for the customer's signature is not theirs yet.
    expect(await accountName(customer)).toBeNull();
    await customer
      .post(`/api/policies/${sold.body.payload.policy.id}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: true, signatureName: NAMED_INSURED })
      .expect(200);
    expect(await accountName(customer)).toBe(NAMED_INSURED);
  });
});
