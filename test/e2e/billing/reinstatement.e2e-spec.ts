import { BillingService } from '../../../src/modules/billing/billing.service';
import { NonPaymentService } from '../../../src/modules/billing/non-payment.service';
import { PolicyRecords } from '../../../src/modules/policy';
import { addDays, daysInclusive } from '../../../src/shared/dates/iso-day';
import { startOfLocalDay, stateDay } from '../../../src/shared/dates/state-day';
import { formatDay } from '../../../src/shared/format/money';
import { clockPastArizonaMidnight } from '../../support/arizona-time';
import { reportAccidentAt } from '../../support/claim-fixtures';
import { drainMail, waitForMailLike } from '../../support/mailbox';
import { missedPayment, saveCard } from '../../support/missed-payment';
import { queryRows, TEST_CARDS } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { SignedInClient } from '../../support/policy-customer';

const DAY = 86_400_000;
const PHOENIX = 'America/Phoenix';

/**
 * Issue 26, reinstatement: a policy cancelled for non-payment may be reinstated online within 14
 * days of its last covered day, by paying what is owed and stating that nothing happened since.
 * Cover resumes from that moment; the time between is a lapse that claims, documents and the
 * next statement all read.
 */
describe('Reinstatement after a cancellation for non-payment (issue 26)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const sut = useTestApp({ clock });
  beforeAll(() => clockPastArizonaMidnight(clock, 2));
  sut.beforeClose(() => drainMail(sut));

  const today = () => stateDay(clock.now(), 'AZ');
  const policyOf = async (web: SignedInClient, id: string) => (await web.get(`/api/policies/${id}`).expect(200)).body.payload;
  const reinstate = (web: SignedInClient, id: string, noLossStatement: unknown = true) =>
    web.post(`/api/policies/${id}/reinstatement`).send({ noLossStatement });
  const offerOf = async (web: SignedInClient, id: string) => (await web.get(`/api/policies/${id}/reinstatement`).expect(200)).body.payload.offer;
  const paidCharges = (policyId: string) =>
    queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM statements WHERE policy_id = $1 AND status = 'paid'`, [policyId]);

  let lapsed: Awaited<ReturnType<typeof missedPayment>>;
  let closing: Awaited<ReturnType<typeof missedPayment>>;
  let cancelsOn: string;
  let reinstatedOn: string;

  beforeAll(async () => {
    // The policies start 40 days back, before the seeded rate table: its copy in force then, for their declarations.
    await queryRows(
      sut,
      `INSERT INTO rate_tables (version, effective_from, data)
       SELECT 'before-seed', effective_from - 365, jsonb_set(data, '{version}', '"before-seed"') FROM rate_tables ORDER BY effective_from LIMIT 1`,
    );
    lapsed = await missedPayment(sut, 'reinstates');
    closing = await missedPayment(sut, 'too-late');
    cancelsOn = addDays(today(), 10);
    clock.advance(11 * DAY);
    expect((await sut.app.get(NonPaymentService).run()).cancelled).toHaveLength(2);
  });

  it('offers reinstatement until 14 days after the last covered day; refused without the statement or with a declined card, nothing changes', async () => {
    const { email, policyId } = lapsed;
    const web = await signIn(sut, email);
    const cancelled = await waitForMailLike(sut.databaseUrl, email, /cancelled for non-payment/);
    const lastDay = addDays(cancelsOn, 13);
    expect(cancelled.text).toContain(`reinstate the policy on your profile until ${formatDay(lastDay, 'en-US')}`);
    const offer = await offerOf(web, policyId);
    expect(offer).toEqual({ coverEndedOn: cancelsOn, lastDay, amountCents: expect.any(Number) });
    expect(offer.amountCents).toBeGreaterThan(0);

    expect((await reinstate(web, policyId, false).expect(400)).body.error.code).toBe('NO_LOSS_STATEMENT_REQUIRED');
    expect((await reinstate(web, policyId, 'yes').expect(400)).body.error.code).toBe('INVALID_INPUT');
    const declined = await reinstate(web, policyId).expect(402);
    expect(declined.body.error).toMatchObject({ code: 'REINSTATEMENT_UNPAID', extra: { balanceCents: offer.amountCents } });
    expect(await policyOf(web, policyId)).toMatchObject({ status: 'cancelled', cancellationReason: 'non-payment', cancellationDate: addDays(cancelsOn, -1) });
  });

  it('paid and stated: in force again from that moment, the lapse on the view, the documents and claims; a second tab is told it is done', async () => {
    const { email, policyId } = lapsed;
    clock.advance(2 * DAY);
    const web = await signIn(sut, email);
    await saveCard(web, TEST_CARDS.approves);
    const before = (await paidCharges(policyId))[0].n;
    const [first, second] = await Promise.all([reinstate(web, policyId), reinstate(web, policyId)]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    // The other tab: in force already, or its payment still going through.
    expect(['REINSTATEMENT_NOT_OFFERED', 'REINSTATEMENT_IN_PROGRESS']).toContain(answers[1].body.error.code);
    // What was owed, charged once.
    expect((await paidCharges(policyId))[0].n).toBe(before + 1);

    reinstatedOn = today();
    const view = await policyOf(web, policyId);
    expect(view).toMatchObject({ status: 'active', autoRenew: true });
    expect(view.cancellationDate).toBeUndefined();
    expect(view.coverGaps).toEqual([{ from: startOfLocalDay(cancelsOn, PHOENIX).toISOString(), to: expect.any(String), fromDate: cancelsOn, toDate: today() }]);
    // The view's lapse (SQL) is the timeline's (TypeScript).
    const gaps = await sut.app.get(PolicyRecords).coverGaps(policyId);
    expect(gaps.map((g) => ({ from: g.from.toISOString(), to: g.to.toISOString(), fromDate: g.fromDate, toDate: g.toDate }))).toEqual(view.coverGaps);
    expect(await offerOf(web, policyId)).toBeNull();
    await waitForMailLike(sut.databaseUrl, email, /is reinstated/);

    // The ID card is proof of cover again; the declarations say when it was not.
    await web.get(`/api/policies/${policyId}/documents/id-card.pdf`).expect(200);
    const declarations = await pdfText((await web.get(`/api/policies/${policyId}/documents/declarations.pdf`).buffer(true).expect(200)).body);
    expect(declarations).toMatch(/Not in force from .+ to .+: cancelled for non-payment, then reinstated/);

    // A claim for the lapse is refused, naming it; one after the reinstatement is taken.
    const claim = (occurredAt: Date) => reportAccidentAt(web, policyId, occurredAt);
    const inLapse = await claim(new Date(startOfLocalDay(cancelsOn, PHOENIX).getTime() + 3_600_000)).expect(422);
    expect(inLapse.body.error).toMatchObject({
      code: 'CLAIM_DURING_LAPSE',
      extra: { from: view.coverGaps[0].from, to: view.coverGaps[0].to, timeZone: PHOENIX },
    });
    await claim(new Date(Date.parse(view.coverGaps[0].to) + 1_000)).expect(201);
  });

  it("bills no miles for the lapse and gives back its days' base rate on the period's statement", async () => {
    const { policyId } = lapsed;
    const [period] = await queryRows<{ start: string; end: string }>(
      sut,
      `SELECT to_char(effective_date + interval '1 month', 'YYYY-MM-DD') AS start, to_char(effective_date + interval '2 months' - interval '1 day', 'YYYY-MM-DD') AS end
         FROM policies WHERE id = $1`,
      [policyId],
    );
    expect(period.start <= cancelsOn && cancelsOn <= period.end).toBe(true);
    clock.advance(Date.parse(`${addDays(period.end, 2)}T12:00:00-07:00`) - clock.now().getTime());
    await sut.app.get(BillingService).run({});
    const [statement] = await queryRows<{ lines: { kind: string; from: string; to: string; days?: number; amountCents: number }[] }>(
      sut,
      `SELECT lines FROM statements WHERE policy_id = $1 AND period_start = $2`,
      [policyId, period.start],
    );
    // The reinstatement's own day is billed as covered.
    const lapseTo = addDays(reinstatedOn, -1);
    const noCover = statement.lines.filter((line) => line.kind === 'no-cover');
    expect(noCover).toEqual([
      {
        kind: 'no-cover',
        from: cancelsOn,
        to: lapseTo,
        days: daysInclusive(cancelsOn, lapseTo),
        periodDays: expect.any(Number),
        amountCents: expect.any(Number),
      },
    ]);
    expect(noCover[0].amountCents).toBeLessThan(0);
    for (const miles of statement.lines.filter((line) => line.kind === 'miles')) expect(miles.to < cancelsOn || miles.from > lapseTo).toBe(true);
  });

  it('once the window has closed: no offer, refused naming the last day, and the final statement is made', async () => {
    const { email, policyId } = closing;
    const lastDay = addDays(cancelsOn, 13);
    if (today() <= lastDay) clock.advance(Date.parse(`${addDays(lastDay, 1)}T12:00:00-07:00`) - clock.now().getTime());
    const web = await signIn(sut, email);
    expect(await offerOf(web, policyId)).toBeNull();
    await saveCard(web, TEST_CARDS.approves);
    const refused = await reinstate(web, policyId).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'REINSTATEMENT_NOT_OFFERED', extra: { lastDay } });
    await sut.app.get(BillingService).run({});
    expect(await queryRows(sut, `SELECT 1 FROM statements WHERE policy_id = $1 AND period_end = $2`, [policyId, addDays(cancelsOn, -1)])).toHaveLength(1);
    expect((await policyOf(web, policyId)).status).toBe('cancelled');
  });
});
