import { randomUUID } from 'node:crypto';
import { backdatePolicy } from './backdate-policy';
import { queryRows } from './payment-fixtures';
import { cardToken, purchaseBody, readyToPay } from './purchase-flow';
import { signIn, uniqueEmail } from './sign-in';
import type { TestApp } from './test-app';

export type SignedInClient = Awaited<ReturnType<typeof signIn>>;

/**
 * A signed-in customer (e-mail from `prefix`) with an active Arizona policy bought through the
 * API (the quote's car, and `vehicles` after it), started `startedDaysAgo` days back, sold by
 * `producerId` (none: the customer's own), and
 * the customer's language for mail and documents.
 */
export async function customerWithPolicy(
  app: Pick<TestApp, 'url' | 'databaseUrl'>,
  prefix: string,
  options: { locale?: string; producerId?: string; startedDaysAgo?: number; vehicles?: { year: number; make: string }[] } = {},
): Promise<{ web: SignedInClient; email: string; policyId: string }> {
  const email = uniqueEmail(prefix);
  const web = await signIn(app as TestApp, email);
  const quoteId = await readyToPay(web, 'standard', { vehicles: options.vehicles });
  const bought = await web
    .post('/api/policies')
    .set('Idempotency-Key', randomUUID())
    .send(purchaseBody(quoteId, await cardToken(web)))
    .expect(201);
  const policyId: string = bought.body.payload.policy.id;
  await backdatePolicy(app, policyId, options.startedDaysAgo ?? 10, { producer_id: options.producerId ?? null });
  await queryRows(app, `UPDATE users SET locale = $2 WHERE lower(email) = lower($1)`, [email, options.locale ?? 'en-US']);
  return { web, email, policyId };
}

/** Odometer readings of the policy's first car, as the app sends them: [reading, readAt] pairs, each answered 201. */
export async function sendReadings(client: SignedInClient, policyId: string, ...readings: [reading: number, readAt: string][]): Promise<void> {
  for (const [reading, readAt] of readings) {
    await client.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading, readAt }).expect(201);
  }
}
