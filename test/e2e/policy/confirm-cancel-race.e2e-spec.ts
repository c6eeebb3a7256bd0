import { randomUUID } from 'node:crypto';
import { queryRows } from '../../support/payment-fixtures';
import { readyToPay, staffSale } from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const ITERATIONS = 20;
/** How long after the confirmation the cancellation is sent; 'after' waits for the confirmation's answer. */
const CANCEL_DELAYS_MS: (number | 'after')[] = [0, 5, 10, 20, 35, 50, 80, 'after'];

/**
 * Issue 14, finding 5: the customer's confirmation of a staff-sold policy (which charges their
 * card) raced against their own cancellation of it. Whoever wins, no money is kept for nothing:
 * either the policy is bound with the charge used, or every charge that went through is refunded.
 */
describe('Confirming and cancelling a pending policy at once', () => {
  jest.setTimeout(240_000);
  let agent: Client;
  let customer: Client;
  let customerEmail: string;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  beforeAll(async () => {
    agent = await signIn(sut, 'agent@meterly.test');
    customerEmail = uniqueEmail('racer');
    customer = await signIn(sut, customerEmail);
  });

  /** A policy the agent sold the customer, waiting for the customer's signature. */
  async function pendingPolicy(): Promise<string> {
    await agent.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    try {
      const res = await staffSale(agent, await readyToPay(agent));
      return res.body.payload.policy.id;
    } finally {
      await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    }
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(`never keeps a charge for a policy that is not bound (${ITERATIONS} races)`, async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < ITERATIONS; i++) {
      const policyId = await pendingPolicy();
      // Cancel a little later each time, to sweep the window between the charge and the binding.
      const confirming = customer
        .post(`/api/policies/${policyId}/confirm`)
        .set('Idempotency-Key', randomUUID())
        .send({ agreeToTerms: true, signatureName: 'Ana García' })
        .then((res) => res);
      const delay = CANCEL_DELAYS_MS[i % CANCEL_DELAYS_MS.length];
      const [confirmed, cancelled] = await Promise.all([
        confirming,
        (delay === 'after' ? confirming : sleep(delay)).then(() => customer.post(`/api/policies/${policyId}/cancel`).send({ date: dayFromToday(0) })),
      ]);
      expect([200, 409]).toContain(confirmed.status);
      expect(cancelled.status).toBe(200);
      if (confirmed.status === 409)
        expect(confirmed.body).toMatchObject({
          success: false,
          error: { code: expect.stringMatching(/^POLICY_(NOT_PENDING|CANCELLED)$/), message: expect.any(String) },
        });

      const [policy] = await queryRows<{ status: string; bound_at: Date | null; first_charge_id: string | null }>(
        sut,
        'SELECT status, bound_at, first_charge_id FROM policies WHERE id = $1',
        [policyId],
      );
      const charges = await queryRows<{ id: string; used_for: string | null; refunded_at: Date | null; gateway_refunded_at: Date | null }>(
        sut,
        `SELECT c.id, c.used_for, c.refunded_at, s.refunded_at AS gateway_refunded_at FROM payment_charges c
           JOIN sandbox_charges s ON s.id = c.provider_charge_ref WHERE c.reference = $1 AND c.status = 'succeeded'`,
        [policyId],
      );
      expect(policy.status).toBe('cancelled');
      if (policy.bound_at) {
        // Bound first, then cancelled as any active policy is: its first month paid, the charge used once.
        outcomes.add('bound, then cancelled');
        expect(charges).toEqual([expect.objectContaining({ id: policy.first_charge_id, used_for: `policy:${policyId}`, refunded_at: null })]);
        expect(confirmed.status).toBe(200);
      } else {
        // Cancelled before it was bound: any charge that went through is given back, in our books and at the gateway.
        outcomes.add(charges.length ? 'cancelled, charge refunded' : 'cancelled, nothing charged');
        for (const charge of charges) {
          expect(charge).toMatchObject({ used_for: null, refunded_at: expect.any(Date), gateway_refunded_at: expect.any(Date) });
        }
      }
    }
    // Both endings were seen: bound then cancelled (at least the 'after' rounds), and cancelled first.
    expect(outcomes.size).toBeGreaterThan(1);
  });
});
