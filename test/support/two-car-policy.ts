import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { queryRows } from './payment-fixtures';
import { customerWithPolicy } from './policy-customer';
import { SECOND_CAR } from './purchase-flow';
import type { TestApp } from './test-app';

const MINUTE = 60_000;

/**
 * A signed-in customer with an Arizona policy on two cars (the quote's 2019 Honda Civic, car 0,
 * and the 2016 Toyota RAV4, car 1) started `startedDaysAgo` days back, a phone's device token, and
 * the first day a change may take (today in Arizona).
 */
export async function twoCarPolicy(sut: TestApp, prefix: string, startedDaysAgo: number) {
  const { web, email, policyId } = await customerWithPolicy(sut, prefix, { startedDaysAgo, vehicles: [SECOND_CAR] });
  await queryRows(sut, `UPDATE policies SET term_end_date = current_date + 140 WHERE id = $1`, [policyId]);
  const token: string = (await web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
  const today: string = (await web.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload.window.earliest;
  return { web, email, policyId, token, today };
}

/** One 20-minute trip sent by the app for the car its key names: the app's answer. */
export async function sendTrip(sut: TestApp, token: string, vehicle: string, startedAt: number, miles: number) {
  const trip = {
    clientTripId: randomUUID(),
    vehicle,
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(startedAt + 20 * MINUTE).toISOString(),
    miles,
  };
  const answer = await request(sut.url)
    .post('/api/mobile/trips')
    .set({ Authorization: `Bearer ${token}` })
    .send({ trips: [trip] })
    .expect(200);
  return answer.body.payload as { accepted: string[]; rejected: { reason: string }[] };
}
