import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

type Client = Awaited<ReturnType<typeof signIn>>;
type Listed = { id: string; sharedVins: string[] };

/**
 * Issue 30, item 10c: the same VIN was accepted on two customers' policies, and nobody knew. A
 * car changes hands, so the purchase goes ahead; the policy that takes a car insured on another
 * customer's policy is recorded (vin_flags) and both show the VIN to staff where they review
 * policies (the customers screen, the sold policies), while the other policy is not cancelled.
 */
describe('A VIN on two customers’ policies', () => {
  jest.setTimeout(180_000);
  let admin: Client;
  let agent: Client;
  const vin = vinFor(GOOD_ANSWERS.vehicle, 1);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  beforeAll(async () => {
    [admin, agent] = await Promise.all([signIn(sut, 'admin@meterly.test'), signIn(sut, 'agent@meterly.test')]);
  });

  /** The policies of the customers screen, for the customer with this e-mail (an admin sees everyone). */
  const onCustomersScreen = async (email: string): Promise<Listed[]> =>
    (await admin.get('/api/agent/customers').query({ search: email }).expect(200)).body.payload.customers[0].policies;
  const soldBy = async (client: Client): Promise<Listed[]> => (await client.get('/api/agent/policies').expect(200)).body.payload;

  it('lets the second customer buy, records the shared VIN and shows it to staff on both policies until the other ends', async () => {
    // Both buy the same car (the fixture's VIN), sold by Dana (MTR-1001).
    const seller = await customerWithPolicy(sut, 'seller', { producerId: 'MTR-1001' });
    expect((await onCustomersScreen(seller.email))[0].sharedVins).toEqual([]);

    const buyer = await customerWithPolicy(sut, 'buyer', { producerId: 'MTR-1001' });
    const flags = await queryRows<{ policy_id: string; other_policy_id: string; vin: string }>(
      sut,
      'SELECT policy_id, other_policy_id, vin FROM vin_flags WHERE policy_id = $1',
      [buyer.policyId],
    );
    expect(flags).toEqual([{ policy_id: buyer.policyId, other_policy_id: seller.policyId, vin }]);

    expect(await onCustomersScreen(buyer.email)).toEqual([expect.objectContaining({ id: buyer.policyId, sharedVins: [vin] })]);
    expect(await onCustomersScreen(seller.email)).toEqual([expect.objectContaining({ id: seller.policyId, sharedVins: [vin] })]);
    const sold = await soldBy(agent);
    expect(sold.filter((p) => [buyer.policyId, seller.policyId].includes(p.id)).map((p) => p.sharedVins)).toEqual([[vin], [vin]]);

    // The seller's policy ends: the car is the buyer's alone, and the flag goes from the screens (the record stays).
    await queryRows(sut, `UPDATE policies SET status = 'cancelled' WHERE id = $1`, [seller.policyId]);
    expect((await onCustomersScreen(buyer.email))[0].sharedVins).toEqual([]);
    expect(await queryRows(sut, 'SELECT 1 FROM vin_flags WHERE policy_id = $1', [buyer.policyId])).toHaveLength(1);
  });

  it('does not show the flag to the customer', async () => {
    const other = await customerWithPolicy(sut, 'second-car-owner', { producerId: 'MTR-1001' });
    const own = (await other.web.get(`/api/policies/${other.policyId}`).expect(200)).body.payload;
    expect(own).not.toHaveProperty('sharedVins');
  });
});
