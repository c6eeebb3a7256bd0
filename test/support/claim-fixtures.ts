import { randomUUID } from 'node:crypto';
import type { SignedInClient } from './policy-customer';

/** The accident every claims test reports, `hoursAgo` before now (a policy's cover must reach it). */
export function accidentReport(policyId: string, hoursAgo = 20) {
  return {
    policyId,
    vehicleIndex: 0,
    kind: 'accident',
    occurredAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    location: 'Camelback Rd and 24th St, Phoenix',
    description: 'A pickup ran the red light and hit my passenger door.',
    injuries: false,
  };
}

/** Reports that accident, at `occurredAt`, through the API as `client`: the answer, whatever it is. */
export function reportAccidentAt(client: SignedInClient, policyId: string, occurredAt: Date) {
  return client
    .post('/api/claims')
    .set('Idempotency-Key', randomUUID())
    .send({ ...accidentReport(policyId), occurredAt: occurredAt.toISOString() });
}

/** Reports that accident through the API as `client` (the customer, or staff acting for them). */
export async function reportAccident(client: SignedInClient, policyId: string, hoursAgo = 20): Promise<{ id: string; number: string; photoIds: string[] }> {
  const res = await client.post('/api/claims').set('Idempotency-Key', randomUUID()).send(accidentReport(policyId, hoursAgo)).expect(201);
  return res.body.payload;
}
