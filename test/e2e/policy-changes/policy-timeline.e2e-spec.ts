import { PolicyRecords } from '../../../src/modules/policy';
import { addDays } from '../../../src/shared/dates/iso-day';
import { formatDay } from '../../../src/shared/format/money';
import { clockPastArizonaMidnight } from '../../support/arizona-time';
import { drainMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { ADDED_DRIVER } from '../../support/policy-changes';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { SECOND_CAR } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

const DAY = 86_400_000;
const THIRD_CAR = { year: 2018, make: 'Honda', model: 'Accord' };
/** A driver added by a change, with no incidents. */
const NEW_DRIVER = { ...ADDED_DRIVER, incidents: [] };

interface Change {
  id: string;
  kind: string;
  status: string;
  effectiveDate: string;
  before: { baseRateCents: number; vehicles: { vehicleIndex: number }[] };
  after: { baseRateCents: number; vehicles: { vehicleIndex: number }[] };
}

/**
 * Issue 26: a policy is a chain of events, each effective at its own moment. Removing a car from
 * a later day left it on the ID card, the declarations and My account at once; a change dated
 * later blocked any change dated earlier. Now pages and documents read the policy as of today
 * with what is coming, and changes are made in any order of their days, each priced on the
 * terms of its own day.
 */
describe('The policy as of a moment, changes in any order of their days (issue 26)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const sut = useTestApp({ clock });

  beforeAll(() => clockPastArizonaMidnight(clock));
  sut.beforeClose(() => drainMail(sut));

  /** A two-car Arizona policy started 20 days back (after the first rate table), and its first day for a change. */
  const twoCars = async (prefix: string) => {
    const customer = await customerWithPolicy(sut, prefix, { startedDaysAgo: 20, vehicles: [SECOND_CAR] });
    const { window } = (await customer.web.get(`/api/policies/${customer.policyId}/changes`).expect(200)).body.payload;
    return { ...customer, today: window.earliest as string, latest: window.latest as string };
  };
  const price = async (web: SignedInClient, policyId: string, change: object): Promise<Change> =>
    (await web.post(`/api/policies/${policyId}/changes`).send(change).expect(201)).body.payload;
  const confirm = (web: SignedInClient, policyId: string, change: Change) => web.post(`/api/policies/${policyId}/changes/${change.id}/confirm`).send({});
  const book = async (web: SignedInClient, policyId: string, change: object): Promise<Change> => {
    const priced = await price(web, policyId, change);
    await confirm(web, policyId, priced).expect(200);
    return priced;
  };
  const policyOf = async (web: SignedInClient, policyId: string) => (await web.get(`/api/policies/${policyId}`).expect(200)).body.payload;
  const carsOf = async (web: SignedInClient, policyId: string) => (await policyOf(web, policyId)).vehicles.map((v: { model: string }) => v.model);
  const changesOf = async (web: SignedInClient, policyId: string): Promise<Change[]> =>
    (await web.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload.changes;
  const document = async (web: SignedInClient, policyId: string, file: string, locale: string) =>
    pdfText((await web.get(`/api/policies/${policyId}/documents/${file}?locale=${locale}`).buffer(true).expect(200)).body);

  it('a car removed from a later day stays on the policy, its ID card and declarations until then, with what is coming said', async () => {
    const { web, policyId, today } = await twoCars('later-day');
    const later = addDays(today, 5);
    const removal = await book(web, policyId, { kind: 'remove-vehicle', effectiveDate: later, vehicleIndex: 1 });

    const policy = await policyOf(web, policyId);
    expect(policy.vehicles.map((v: { model: string }) => v.model)).toEqual(['Civic', 'RAV4']);
    expect(policy.upcoming).toEqual([{ kind: 'change', effectiveDate: later, changeId: removal.id, baseRateCents: expect.any(Number) }]);
    expect(policy.amendedFrom).toBeUndefined();

    const declarations = await document(web, policyId, 'declarations.pdf', 'en-US');
    expect(declarations).toContain('Toyota RAV4');
    expect(declarations).toContain(`From ${formatDay(later, 'en-US')}: remove the 2016 Toyota RAV4`);
    const declaracion = await document(web, policyId, 'declarations.pdf', 'es');
    expect(declaracion).toContain(`Desde el ${formatDay(later, 'es')}: se retira el 2016 Toyota RAV4`);
    // The RAV4's card is proof until the day before it leaves; the Civic's until the term's end.
    const card = await document(web, policyId, 'id-card.pdf', 'en-US');
    expect(card).toContain(`Until ${formatDay(addDays(later, -1), 'en-US')}`);
    expect(card).toContain(formatDay(policy.termEndDate, 'en-US'));
    // A Spanish-language policy's card says it in English too, for the officer who reads it (issue 27).
    expect(await document(web, policyId, 'id-card.pdf', 'es')).toContain(`Until ${formatDay(addDays(later, -1), 'en-US')}`);
    const history = await changesOf(web, policyId);
    expect(history.map((c) => [c.kind, c.status])).toEqual([['remove-vehicle', 'applied']]);
  });

  it('a change dated before one already booked is priced on its own day, and the later one is re-applied and re-rated on top', async () => {
    const { web, policyId, today } = await twoCars('out-of-sequence');
    const later = addDays(today, 5);
    const removal = await book(web, policyId, { kind: 'remove-vehicle', effectiveDate: later, vehicleIndex: 1 });
    // Priced on today's terms: both cars (the removal has not happened yet on this day).
    const driver = await price(web, policyId, { kind: 'add-driver', effectiveDate: today, driver: NEW_DRIVER });
    expect(driver.before.vehicles.map((v) => v.vehicleIndex)).toEqual([0, 1]);
    expect(driver.before.baseRateCents).toBe(removal.before.baseRateCents);
    await confirm(web, policyId, driver).expect(200);

    const policy = await policyOf(web, policyId);
    expect(policy.vehicles).toHaveLength(2);
    expect(policy.drivers.map((d: { firstName: string }) => d.firstName)).toContain('Mateo');
    const [again] = (await changesOf(web, policyId)).filter((c) => c.id === removal.id);
    // The removal now starts from the terms with the new driver, and leaves them with one car.
    expect(again.status).toBe('applied');
    expect(again.before.baseRateCents).toBe(driver.after.baseRateCents);
    expect(again.after.baseRateCents).toBeGreaterThan(removal.after.baseRateCents);
    expect(again.after.vehicles.map((v) => v.vehicleIndex)).toEqual([0]);

    // Billing reads each day's terms in effect order: today the driver, from the later day one car.
    const changes = await sut.app.get(PolicyRecords).appliedChanges(policyId);
    expect(changes.map((c) => [c.effectiveDate, c.before.baseRateCents, c.after.baseRateCents])).toEqual([
      [today, removal.before.baseRateCents, driver.after.baseRateCents],
      [later, driver.after.baseRateCents, again.after.baseRateCents],
    ]);
    // The booking order stays readable: the first booking of the removal is reversed, replaced by its re-application.
    const events = await queryRows<{ kind: string; reversed: boolean; replaced: boolean }>(
      sut,
      `SELECT kind, reversed_at IS NOT NULL AS reversed, replaced_by IS NOT NULL AS replaced FROM policy_transactions WHERE policy_id = $1 ORDER BY seq`,
      [policyId],
    );
    expect(events).toEqual([
      { kind: 'issue', reversed: false, replaced: false },
      { kind: 'change', reversed: true, replaced: true },
      { kind: 'change', reversed: false, replaced: false },
      { kind: 'change', reversed: false, replaced: false },
    ]);
  });

  it('a car sold today comes off today even with its removal booked for later (that one is voided); a change the later one would no longer fit is refused whole', async () => {
    const sold = await twoCars('sold-today');
    const later = addDays(sold.today, 5);
    const booked = await book(sold.web, sold.policyId, { kind: 'remove-vehicle', effectiveDate: later, vehicleIndex: 1 });
    await book(sold.web, sold.policyId, { kind: 'remove-vehicle', effectiveDate: sold.today, vehicleIndex: 1 });
    expect(await carsOf(sold.web, sold.policyId)).toEqual(['Civic']);
    expect((await policyOf(sold.web, sold.policyId)).upcoming).toEqual([]);
    expect((await changesOf(sold.web, sold.policyId)).find((c) => c.id === booked.id)?.status).toBe('voided');

    // Removing today the car a later change replaces: that later change would no longer fit. Nothing is booked.
    const other = await twoCars('conflict');
    const removal = await book(other.web, other.policyId, {
      kind: 'replace-vehicle',
      effectiveDate: addDays(other.today, 5),
      vehicleIndex: 1,
      vehicle: { ...THIRD_CAR, vin: vinFor(THIRD_CAR, 41) },
    });
    const removing = await price(other.web, other.policyId, { kind: 'remove-vehicle', effectiveDate: other.today, vehicleIndex: 1 });
    const refused = await confirm(other.web, other.policyId, removing).expect(409);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'CHANGE_CONFLICTS_WITH_LATER', extra: { laterChange: removal.effectiveDate } } });
    expect(await carsOf(other.web, other.policyId)).toEqual(['Civic', 'RAV4']);
    expect((await policyOf(other.web, other.policyId)).upcoming).toEqual([
      { kind: 'change', effectiveDate: removal.effectiveDate, changeId: removal.id, baseRateCents: expect.any(Number) },
    ]);
    const [{ n }] = await queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM policy_transactions WHERE policy_id = $1`, [other.policyId]);
    expect(n).toBe(2);
  });

  it('a cancellation before a booked change voids it; the day comes and the policy reads as of it', async () => {
    const cancelled = await twoCars('cancel-first');
    const booked = await book(cancelled.web, cancelled.policyId, { kind: 'remove-vehicle', effectiveDate: addDays(cancelled.today, 5), vehicleIndex: 1 });
    await cancelled.web.post(`/api/policies/${cancelled.policyId}/cancel`).send({ date: cancelled.today }).expect(200);
    expect((await changesOf(cancelled.web, cancelled.policyId)).find((c) => c.id === booked.id)?.status).toBe('voided');
    expect((await policyOf(cancelled.web, cancelled.policyId)).upcoming).toEqual([
      { kind: 'cancel', effectiveDate: addDays(cancelled.today, 1), changeId: null, baseRateCents: expect.any(Number) },
    ]);

    // Last, as it moves the shared clock: six days on, the removal booked for day five has taken effect.
    const { web: before, email, policyId, today } = await twoCars('day-comes');
    const later = addDays(today, 5);
    await book(before, policyId, { kind: 'remove-vehicle', effectiveDate: later, vehicleIndex: 1 });
    clock.advance(6 * DAY);
    const web = await signIn(sut, email);
    const policy = await policyOf(web, policyId);
    expect(policy.vehicles.map((v: { model: string }) => v.model)).toEqual(['Civic']);
    expect(policy.upcoming).toEqual([]);
    expect(policy.amendedFrom).toBe(later);
    expect(await document(web, policyId, 'id-card.pdf', 'en-US')).not.toContain('RAV4');
  });
});
