import { BillingService } from '../../../src/modules/billing/billing.service';
import { NonPaymentService } from '../../../src/modules/billing/non-payment.service';
import { RenewalService } from '../../../src/modules/policy/renewal/renewal.service';
import { addDays, addMonths } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { formatDay } from '../../../src/shared/format/money';
import { clockPastArizonaMidnight } from '../../support/arizona-time';
import { drainMail, waitForMailLike } from '../../support/mailbox';
import { queryRows, TEST_CARDS } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { ADDED_DRIVER } from '../../support/policy-changes';
import { customerWithPolicy, sendReadings, type SignedInClient } from '../../support/policy-customer';
import { cardToken, SECOND_CAR } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { Locale } from '../../../src/shared/locale';

const DAY = 86_400_000;
/** A driver added by a change, with no incidents. */
const DRIVER = { ...ADDED_DRIVER, incidents: [] };
const WORDS = {
  'en-US': { declarations: 'Policy Declarations', from: 'From', card: 'Automobile Insurance Identification Card', lapse: 'Not in force from' },
  es: { declarations: 'Declaraciones de la póliza', from: 'Desde el', card: 'Tarjeta de identificación', lapse: 'Sin vigencia del' },
} as const;

/**
 * Issue 26's journey: one policy through thirteen months on the real API with a moved clock:
 * bought, changed from a later day and from an earlier one, its miles read from the odometer and billed each month, a declined card
 * noticed, cancelled for non-payment on the notice's day and reinstated three days later (the
 * lapse on its documents and its statement), renewed on a new rate table, renewed again, then
 * cancelled with its refund; the ID card, the declarations and My account read at each step, in
 * each language.
 */
describe.each<Locale>(['en-US', 'es'])('A policy through thirteen months, in %s (issue 26)', (locale) => {
  jest.setTimeout(300_000);
  const clock = new TestClock();
  const sut = useTestApp({ clock });
  beforeAll(() => clockPastArizonaMidnight(clock));
  sut.beforeClose(() => drainMail(sut));

  const words = WORDS[locale];
  const today = () => stateDay(clock.now(), 'AZ');
  let web: SignedInClient;
  let email: string;
  let policyId: string;
  /** On, by `days`, signed in again (a session goes idle by the moved clock). */
  const advance = async (days: number) => {
    clock.advance(days * DAY);
    web = await signIn(sut, email);
  };
  const policy = async () => (await web.get(`/api/policies/${policyId}`).expect(200)).body.payload;
  const doc = async (file: string) => pdfText((await web.get(`/api/policies/${policyId}/documents/${file}?locale=${locale}`).buffer(true).expect(200)).body);
  const book = async (change: object) => {
    const priced = (await web.post(`/api/policies/${policyId}/changes`).send(change).expect(201)).body.payload;
    await web.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
  };
  const saveCard = async (number: string) =>
    web
      .put('/api/payments/method')
      .send({ token: await cardToken(web, number) })
      .expect(200);
  const billing = () => sut.app.get(BillingService).run({});
  const statuses = async () =>
    (await queryRows<{ status: string }>(sut, `SELECT status FROM statements WHERE policy_id = $1 ORDER BY period_index`, [policyId])).map((s) => s.status);

  it('is told truthfully at every step', async () => {
    ({ web, email, policyId } = await customerWithPolicy(sut, `journey-${locale}`, { startedDaysAgo: 0, vehicles: [SECOND_CAR], locale }));
    const bought = await policy();
    expect(bought).toMatchObject({ status: 'active', termStartDate: today() });
    expect(await doc('id-card.pdf')).toContain(words.card);
    // The next term's rate table, in force from the day the first term ends.
    await queryRows(
      sut,
      `INSERT INTO rate_tables (version, effective_from, data)
       SELECT $2::text, $1, jsonb_set(data, '{version}', to_jsonb($2::text)) FROM rate_tables ORDER BY effective_from DESC, version DESC LIMIT 1`,
      [bought.termEndDate, `journey-${locale}`],
    );

    // A car removed from day 5, booked first; a driver added from today, booked after it.
    const start = today();
    await book({ kind: 'remove-vehicle', effectiveDate: addDays(start, 5), vehicleIndex: 1 });
    await book({ kind: 'add-driver', effectiveDate: start, driver: DRIVER });
    const changed = await policy();
    expect(changed.vehicles).toHaveLength(2);
    expect(changed.drivers.map((d: { firstName: string }) => d.firstName)).toContain('Mateo');
    expect(await doc('declarations.pdf')).toContain(`${words.from} ${formatDay(addDays(start, 5), locale)}`);

    await advance(6);
    expect((await policy()).vehicles).toHaveLength(1);
    // Miles: odometer readings from the car's app; the days between them share the miles.
    const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();
    await sendReadings(web, policyId, [12_000, daysAgo(5)]);
    expect(await doc('id-card.pdf')).not.toContain('RAV4');

    // A month on: the first period billed and paid.
    await advance(26);
    await sendReadings(web, policyId, [12_900, daysAgo(3)]);
    await billing();
    expect(await statuses()).toEqual(['paid']);
    const [first] = await queryRows<{ lines: { kind: string; miles?: number }[] }>(sut, `SELECT lines FROM statements WHERE policy_id = $1`, [policyId]);
    expect(first.lines.filter((line) => line.kind === 'miles').reduce((sum, line) => sum + (line.miles ?? 0), 0)).toBeGreaterThan(0);

    // The card declines: the statement and its three retries; the notice; unpaid on its day, cancelled.
    await saveCard(TEST_CARDS.insufficientFunds);
    await advance(31);
    for (let attempt = 0; attempt < 4; attempt++) {
      await queryRows(sut, `UPDATE statements SET next_attempt_at = now() - interval '1 minute' WHERE policy_id = $1 AND status = 'failed'`, [policyId]);
      await billing();
    }
    expect((await policy()).upcoming.map((e: { kind: string }) => e.kind)).toEqual(['lapse']);
    await advance(11);
    expect((await sut.app.get(NonPaymentService).run()).cancelled).toEqual([bought.number]);
    expect(await policy()).toMatchObject({ status: 'cancelled', cancellationReason: 'non-payment' });
    await web.get(`/api/policies/${policyId}/documents/id-card.pdf`).expect(410);
    // Three days without cover, then reinstated: the balance paid with a new card, nothing happened meanwhile.
    await advance(3);
    await saveCard(TEST_CARDS.approves);
    await web.post(`/api/policies/${policyId}/reinstatement`).send({ noLossStatement: true }).expect(200);
    const reinstated = await policy();
    expect(reinstated).toMatchObject({ status: 'active', coverGaps: [expect.objectContaining({ toDate: today() })] });
    expect(await doc('declarations.pdf')).toContain(words.lapse);
    expect(await doc('id-card.pdf')).toContain(words.card);

    // Forty days before the term ends (inside Arizona's 45): the renewal on the new table.
    const firstEnd = bought.termEndDate as string;
    await advance(Math.round((Date.parse(addDays(firstEnd, -40)) - Date.parse(today())) / DAY));
    await billing();
    // The period the lapse fell in gives its days' base rate back.
    const [lapse] = await queryRows<{ lines: { kind: string; from: string }[] }>(
      sut,
      `SELECT lines FROM statements WHERE policy_id = $1 AND lines @> '[{"kind": "no-cover"}]'::jsonb`,
      [policyId],
    );
    expect(lapse.lines.find((line) => line.kind === 'no-cover')).toMatchObject({ from: reinstated.coverGaps[0].fromDate });
    expect((await sut.app.get(RenewalService).run()).offered).toContain(bought.number);
    await waitForMailLike(sut.databaseUrl, email, locale === 'es' ? /se renueva/ : /renews on/);
    await advance(41);
    const renewed = await policy();
    expect(renewed).toMatchObject({ status: 'active', termStartDate: firstEnd, termEndDate: addMonths(firstEnd, 6), rateVersion: `journey-${locale}` });
    // The card's dates are in English in either language (issue 27).
    expect(await doc('id-card.pdf')).toContain(formatDay(renewed.termEndDate, 'en-US'));
    await billing();
    expect((await statuses()).every((status) => status === 'paid')).toBe(true);

    // The second term renews too; a month into the third, the customer cancels.
    await advance(Math.round((Date.parse(addDays(renewed.termEndDate, -40)) - Date.parse(today())) / DAY));
    await billing();
    await sut.app.get(RenewalService).run();
    await advance(71);
    const third = await policy();
    expect(third.termStartDate).toBe(renewed.termEndDate);
    const quote = (await web.get(`/api/policies/${policyId}/cancellation-quote?date=${today()}`).expect(200)).body.payload;
    await web.post(`/api/policies/${policyId}/cancel`).send({ date: today() }).expect(200);
    await advance(4);
    await billing();
    const [final] = await queryRows<{ total_cents: number }>(sut, `SELECT total_cents FROM statements WHERE policy_id = $1 AND period_end = $2`, [
      policyId,
      addDays(today(), -4),
    ]);
    expect(final.total_cents).toBe(quote.totalCents);
    const ended = await policy();
    expect(ended).toMatchObject({ status: 'cancelled', cancellationDate: addDays(today(), -4) });
    await web.get(`/api/policies/${policyId}/documents/id-card.pdf`).expect(410);
    expect(await doc('declarations.pdf')).toContain(words.declarations);
  });
});
