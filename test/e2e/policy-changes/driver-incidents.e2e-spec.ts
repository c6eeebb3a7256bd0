import { addDays } from '../../../src/shared/dates/iso-day';
import { lookbackStart } from '../../../src/shared/quote/quote-validation';
import { queryRows } from '../../support/payment-fixtures';
import { ADDED_DRIVER } from '../../support/policy-changes';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { useTestApp } from '../../support/use-test-app';

/** A driver added online with the accidents, claims and tickets of their last three years, rated like the quote's. */
describe('Policy changes: a driver added with incidents', () => {
  jest.setTimeout(120_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  async function policy() {
    const { web, policyId } = await customerWithPolicy(sut, 'incidents', { startedDaysAgo: 3 });
    const { window } = (await web.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload;
    return { web, policyId, today: window.earliest as string };
  }

  const driver = (incidents: unknown) => ({ ...ADDED_DRIVER, incidents });
  const addDriver = (web: SignedInClient, policyId: string, effectiveDate: string, incidents: unknown) =>
    web.post(`/api/policies/${policyId}/changes`).send({ kind: 'add-driver', effectiveDate, driver: driver(incidents) });

  it('prices the same driver higher with an at-fault accident than without, and the policy keeps the accident for the next change', async () => {
    const { web, policyId, today } = await policy();
    const clean = (await addDriver(web, policyId, today, []).expect(201)).body.payload;
    const accident = [{ type: 'accidents', date: addDays(today, -200) }];
    const withAccident = (await addDriver(web, policyId, today, accident).expect(201)).body.payload;
    expect(clean.before.baseRateCents).toBe(withAccident.before.baseRateCents);
    expect(withAccident.after.baseRateCents).toBeGreaterThan(clean.after.baseRateCents);
    expect(withAccident.after.vehicles[0].perMileRateMills).toBeGreaterThanOrEqual(clean.after.vehicles[0].perMileRateMills);
    expect(withAccident.summary).toEqual({ driver: 'Mateo Ruiz' });

    // Confirming the one with the accident supersedes the clean one; the accident stays rated afterwards.
    await web.post(`/api/policies/${policyId}/changes/${withAccident.id}/confirm`).send({}).expect(200);
    const stale = await web.post(`/api/policies/${policyId}/changes/${clean.id}/confirm`).send({}).expect(409);
    expect(stale.body.error.code).toBe('CHANGE_OUT_OF_DATE');
    const [row] = await queryRows<{ incidents: unknown }>(
      sut,
      `SELECT after->'basis'->'drivers'->1->'incidents' AS incidents FROM policy_changes WHERE id = $1`,
      [withAccident.id],
    );
    expect(row.incidents).toEqual(accident);
    const next = (
      await web
        .post(`/api/policies/${policyId}/changes`)
        .send({ kind: 'address', effectiveDate: today, address: { line1: '1 E Congress St', city: 'Tucson', zip: '85701' } })
        .expect(201)
    ).body.payload;
    expect(next.before.baseRateCents).toBe(withAccident.after.baseRateCents);
  });

  it('refuses, with a 400 naming each incident, unknown types, days in the future, older than three years or not on the calendar, more than ten; a record the quote declines is a 422; nothing is kept', async () => {
    const { web, policyId, today } = await policy();
    const refused = async (incidents: unknown) => {
      const answer = await addDriver(web, policyId, today, incidents).expect(400);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
      return answer.body.error as { message: string; fields: Record<string, string>; extra?: { problems?: Record<string, string> } };
    };

    const type = await refused([{ type: 'speeding', date: addDays(today, -10) }]);
    expect(type.fields['driver.incidents.0.type']).toBe('An incident type must be accidents, claims or violations.');

    const future = await refused([
      { type: 'violations', date: addDays(today, -30) },
      { type: 'accidents', date: addDays(today, 2) },
    ]);
    expect(future.fields).toEqual({ 'driver.incidents.1.date': 'The incident date cannot be in the future.' });
    expect(future.extra?.problems).toEqual({ 'driver.incidents.1.date': 'future' });

    const old = await refused([{ type: 'claims', date: addDays(lookbackStart(today), -1) }]);
    expect(old.fields).toEqual({ 'driver.incidents.0.date': 'Only incidents of the last 3 years count; leave older ones out.' });
    expect(old.extra?.problems).toEqual({ 'driver.incidents.0.date': 'olderThanLookback' });

    const unreal = await refused([{ type: 'claims', date: '2025-02-30' }]);
    expect(unreal.extra?.problems).toEqual({ 'driver.incidents.0.date': 'invalid' });
    const written = await refused([{ type: 'claims', date: '03/02/2025' }]);
    expect(written.fields['driver.incidents.0.date']).toMatch(/YYYY-MM-DD/);

    const eleven = await refused(Array.from({ length: 11 }, () => ({ type: 'violations', date: addDays(today, -5) })));
    expect(eleven.fields['driver.incidents']).toMatch(/At most 10 incidents/);
    const notAList = await refused('none');
    expect(notAList.fields['driver.incidents']).toMatch(/must be a list/);
    const notIncidents = await refused(['accident']);
    expect(notIncidents.fields['driver.incidents.0'] ?? notIncidents.fields['driver.incidents']).toMatch(/each with a type and a date/);
    await web
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'add-driver', effectiveDate: today, driver: { ...driver([]), incidents: undefined } })
      .expect(400);

    // A record the quote would decline (more than four incidents) is declined here too, to be handled by phone.
    const declined = await addDriver(
      web,
      policyId,
      today,
      Array.from({ length: 5 }, (_, i) => ({ type: 'violations', date: addDays(today, -5 - i) })),
    ).expect(422);
    expect(declined.body).toMatchObject({ success: false, error: { code: 'QUOTE_DECLINED' } });
    expect(await queryRows(sut, 'SELECT id FROM policy_changes WHERE policy_id = $1', [policyId])).toEqual([]);
    // An incident on the look-back's first day still counts, and is priced.
    await addDriver(web, policyId, today, [{ type: 'claims', date: lookbackStart(today) }]).expect(201);
  });
});
