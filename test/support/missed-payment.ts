import { BillingService } from '../../src/modules/billing/billing.service';
import { queryRows, TEST_CARDS } from './payment-fixtures';
import { customerWithPolicy, type SignedInClient } from './policy-customer';
import { cardToken } from './purchase-flow';
import type { TestAppHandle } from './use-test-app';

/** The customer's card on file from now on (a test card number: one that declines, or approves). */
export async function saveCard(web: SignedInClient, number: string): Promise<void> {
  await web
    .put('/api/payments/method')
    .send({ token: await cardToken(web, number) })
    .expect(200);
}

/**
 * A policy 40 days old whose first statement is declined at every try (issue 26): after its
 * last retry the notice of cancellation for non-payment stands (Arizona: cover ends 10 days on).
 */
export async function missedPayment(sut: TestAppHandle, prefix: string) {
  const billing = sut.app.get(BillingService);
  const customer = await customerWithPolicy(sut, prefix, { startedDaysAgo: 40 });
  await saveCard(customer.web, TEST_CARDS.insufficientFunds);
  await billing.run({});
  // The three retries (1, 3 and 7 days on), made due at once.
  for (let retry = 0; retry < 3; retry++) {
    await queryRows(sut, `UPDATE statements SET next_attempt_at = now() - interval '1 minute' WHERE policy_id = $1 AND status = 'failed'`, [customer.policyId]);
    await billing.run({});
  }
  return customer;
}
