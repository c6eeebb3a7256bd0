import { NonPaymentService } from '../../../src/modules/billing/non-payment.service';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { formatDay } from '../../../src/shared/format/money';
import { clockPastArizonaMidnight } from '../../support/arizona-time';
import { drainMail, waitForMailLike } from '../../support/mailbox';
import { missedPayment, saveCard } from '../../support/missed-payment';
import { queryRows, TEST_CARDS } from '../../support/payment-fixtures';
import { type SignedInClient } from '../../support/policy-customer';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

const DAY = 86_400_000;

/**
 * Issue 26, missed payments: after a declined statement's last retry, a notice of cancellation
 * for non-payment with the state's notice period (Arizona: 10 days); paying the balance on My
 * account before that day keeps the policy; otherwise it is cancelled for non-payment that day.
 */
describe('Missed payments (issue 26)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const sut = useTestApp({ clock });
  beforeAll(() => clockPastArizonaMidnight(clock));
  sut.beforeClose(() => drainMail(sut));

  const today = () => stateDay(clock.now(), 'AZ');
  const policyOf = async (web: SignedInClient, id: string) => (await web.get(`/api/policies/${id}`).expect(200)).body.payload;
  const statementsOf = (policyId: string) =>
    queryRows<{ status: string; attempts: number }>(sut, `SELECT status, attempts FROM statements WHERE policy_id = $1 ORDER BY period_index`, [policyId]);

  const noticed = (prefix: string) => missedPayment(sut, prefix);

  it('after the last retry, notices the cancellation with Arizona’s 10 days; paying on My account withdraws it', async () => {
    const { web, email, policyId } = await noticed('pays');
    const [statement] = await statementsOf(policyId);
    expect(statement).toMatchObject({ status: 'failed', attempts: 4 });
    const cancelsOn = addDays(today(), 10);
    expect((await policyOf(web, policyId)).upcoming).toEqual([{ kind: 'lapse', effectiveDate: cancelsOn, changeId: null, baseRateCents: expect.any(Number) }]);
    const notice = await waitForMailLike(sut.databaseUrl, email, /Notice of cancellation for non-payment/);
    expect(notice.text).toContain(`cancelled for non-payment from ${formatDay(cancelsOn, 'en-US')}`);

    // Declined again with the same card: still owed, the notice stands.
    expect((await web.post(`/api/policies/${policyId}/billing/pay`).send({}).expect(200)).body.payload.balanceCents).toBeGreaterThan(0);
    expect((await policyOf(web, policyId)).upcoming.map((e: { kind: string }) => e.kind)).toEqual(['lapse']);
    // A good card: paid, the notice withdrawn, the customer told.
    await saveCard(web, TEST_CARDS.approves);
    expect((await web.post(`/api/policies/${policyId}/billing/pay`).send({}).expect(200)).body.payload).toEqual({ balanceCents: 0 });
    expect((await statementsOf(policyId))[0].status).toBe('paid');
    expect((await policyOf(web, policyId)).upcoming).toEqual([]);
    await waitForMailLike(sut.databaseUrl, email, /Payment received/);
    expect((await sut.app.get(NonPaymentService).run()).cancelled).toEqual([]);
  });

  it('unpaid on the notice’s day, the policy is cancelled for non-payment, covered to the day before; a payment racing it has one outcome', async () => {
    const unpaid = await noticed('unpaid');
    const racing = await noticed('racing');
    const cancelsOn = addDays(today(), 10);
    await saveCard(racing.web, TEST_CARDS.approves);

    clock.advance(11 * DAY);
    const racer = await signIn(sut, racing.email);
    const [paid, ran] = await Promise.all([racer.post(`/api/policies/${racing.policyId}/billing/pay`).send({}), sut.app.get(NonPaymentService).run()]);
    const [{ number }] = await queryRows<{ number: string }>(sut, `SELECT number FROM policies WHERE id = $1`, [unpaid.policyId]);
    expect(ran.cancelled).toContain(number);
    const web = await signIn(sut, unpaid.email);
    const ended = await policyOf(web, unpaid.policyId);
    expect(ended).toMatchObject({ status: 'cancelled', cancellationDate: addDays(cancelsOn, -1) });
    expect(ended.upcoming).toEqual([]);
    await waitForMailLike(sut.databaseUrl, unpaid.email, /cancelled for non-payment/);
    await web.get(`/api/policies/${unpaid.policyId}/documents/id-card.pdf`).expect(410);

    // The race: paid first (active, no notice) or cancelled first (cancelled; the debt still charged once).
    expect(paid.status).toBe(200);
    const raced = await policyOf(racer, racing.policyId);
    const charges = await statementsOf(racing.policyId);
    expect(charges[0].status).toBe('paid');
    if (ran.cancelled.includes(raced.number)) expect(raced.status).toBe('cancelled');
    else expect(raced).toMatchObject({ status: 'active', upcoming: [] });
  });
});
