import { RenewalService } from '../../../src/modules/policy/renewal/renewal.service';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { backdatePolicy } from '../../support/backdate-policy';
import { drainMail, mailCount, waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { useTestApp } from '../../support/use-test-app';

interface Event {
  kind: string;
  effectiveDate: string;
  reversed: boolean;
  city: string;
}

const NEW_ADDRESS = { line1: '1 N Central Ave', city: 'Tempe', zip: '85281' };

/**
 * Issue 26's races on one policy's timeline: a change racing a cancellation, a renewal racing a
 * change, a decline asked twice at once. Each takes the policy's lock in turn, so there is one
 * outcome, nothing booked twice, nothing lost.
 */
describe('Races on a policy’s timeline (issue 26)', () => {
  jest.setTimeout(180_000);
  const sut = useTestApp();
  sut.beforeClose(() => drainMail(sut));

  const today = () => stateDay(new Date(), 'AZ');
  const eventsOf = (policyId: string) =>
    queryRows<Event>(
      sut,
      `SELECT kind, to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", reversed_at IS NOT NULL AS reversed, terms->'address'->>'city' AS city
         FROM policy_transactions WHERE policy_id = $1 ORDER BY seq`,
      [policyId],
    );
  const priceAddress = async (web: SignedInClient, policyId: string, effectiveDate: string) =>
    (await web.post(`/api/policies/${policyId}/changes`).send({ kind: 'address', effectiveDate, address: NEW_ADDRESS }).expect(201)).body.payload;

  it('a change confirmed while the policy is cancelled: either it lands first and the cancellation voids it, or it is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const { web, policyId } = await customerWithPolicy(sut, `race-cancel-${round}`, { startedDaysAgo: 20 });
      const change = await priceAddress(web, policyId, addDays(today(), 3));
      const [confirmed, cancelled] = await Promise.all([
        web.post(`/api/policies/${policyId}/changes/${change.id}/confirm`).send({}),
        web.post(`/api/policies/${policyId}/cancel`).send({ date: today() }),
      ]);
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(confirmed.status);
      const events = await eventsOf(policyId);
      // Nothing in force after the cancellation's day but the cancellation itself.
      expect(events.filter((e) => !e.reversed && e.effectiveDate > today()).map((e) => e.kind)).toEqual(['cancel']);
      const [row] = await queryRows<{ status: string }>(sut, `SELECT status FROM policy_changes WHERE id = $1`, [change.id]);
      expect(row.status).toBe(confirmed.status === 200 ? 'voided' : 'priced');
    }
  });

  it('a renewal decided while a change is confirmed: the renewal is priced with the change, whichever lands first', async () => {
    for (let round = 0; round < 3; round++) {
      const { web, policyId } = await customerWithPolicy(sut, `race-renew-${round}`, { startedDaysAgo: 20 });
      await backdatePolicy(sut, policyId, 20, { term_end_date: addDays(today(), 10) });
      const change = await priceAddress(web, policyId, addDays(today(), 3));
      const [confirmed] = await Promise.all([web.post(`/api/policies/${policyId}/changes/${change.id}/confirm`).send({}), sut.app.get(RenewalService).run()]);
      expect(confirmed.status).toBe(200);
      const renewals = (await eventsOf(policyId)).filter((e) => e.kind === 'renew' && !e.reversed);
      expect(renewals).toHaveLength(1);
      expect(renewals[0].city).toBe('Tempe');
    }
  });

  it('"Don\'t renew" asked twice at once: one withdrawal, one expiry booked, one e-mail', async () => {
    const { web, email, policyId } = await customerWithPolicy(sut, 'race-decline', { startedDaysAgo: 20 });
    await backdatePolicy(sut, policyId, 20, { term_end_date: addDays(today(), 10) });
    await sut.app.get(RenewalService).run();
    await waitForMailLike(sut.databaseUrl, email, /renews on/);
    const before = await mailCount(sut.databaseUrl, email);
    const answers = await Promise.all([1, 2].map(() => web.post(`/api/policies/${policyId}/renewal/decline`).send({})));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const live = (await eventsOf(policyId)).filter((e) => !e.reversed).map((e) => e.kind);
    expect(live.filter((kind) => kind === 'expire')).toHaveLength(1);
    expect(live).not.toContain('renew');
    await waitForMailLike(sut.databaseUrl, email, /will not renew/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailCount(sut.databaseUrl, email)).toBe(before + 1);
  });
});
