import { RenewalService } from '../../../src/modules/policy/renewal/renewal.service';
import { addDays, addMonths } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { formatDay } from '../../../src/shared/format/money';
import { clockPastArizonaMidnight } from '../../support/arizona-time';
import { drainMail, mailCount, waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { timelineFollowsRow } from '../../support/policy-timeline-sync';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

const DAY = 86_400_000;

/**
 * Issue 26: before each term ends, by the state's notice period (Arizona: 45 days), the renewal
 * is priced on the rates then in force and e-mailed; the customer may decline it; at the term's
 * end the policy renews (a new term, new dates on the ID card) or expires.
 */
describe('Renewal at the term’s end (issue 26)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const sut = useTestApp({ clock });

  beforeAll(() => clockPastArizonaMidnight(clock));
  sut.beforeClose(() => drainMail(sut));

  const arizonaToday = () => stateDay(clock.now(), 'AZ');
  const run = () => sut.app.get(RenewalService).run();
  /** An Arizona policy started 20 days back (after the first rate table) whose term ends `daysLeft` days from today. */
  const endingIn = async (prefix: string, daysLeft: number) => {
    const customer = await customerWithPolicy(sut, prefix, { startedDaysAgo: 20 });
    const termEnd = addDays(arizonaToday(), daysLeft);
    await queryRows(sut, `UPDATE policies SET effective_date = $2, term_end_date = $3 WHERE id = $1`, [
      customer.policyId,
      addDays(arizonaToday(), -20),
      termEnd,
    ]);
    await timelineFollowsRow(sut, customer.policyId);
    const number: string = (await customer.web.get(`/api/policies/${customer.policyId}`).expect(200)).body.payload.number;
    return { ...customer, termEnd, number };
  };
  const policyOf = async (web: SignedInClient, id: string) => (await web.get(`/api/policies/${id}`).expect(200)).body.payload;
  const idCard = async (web: SignedInClient, id: string, locale = 'en-US') =>
    pdfText((await web.get(`/api/policies/${id}/documents/id-card.pdf?locale=${locale}`).buffer(true).expect(200)).body);

  // Both bought before the clock moves (a quote's start day is the real today's): one ends in 10 days, one in 50.
  let renews: Awaited<ReturnType<typeof endingIn>>;
  let declines: Awaited<ReturnType<typeof endingIn>>;
  beforeAll(async () => {
    renews = await endingIn('renews', 10);
    declines = await endingIn('declines', 50);
  });

  it('renews at the term’s end: offered on the state’s notice day, a new term on the rates then in force, the ID card’s new dates', async () => {
    const { web, email, policyId, termEnd, number } = renews;
    const ran = await run();
    expect(ran.offered).toContain(number);
    // Fifty days ahead is before Arizona's 45: not yet.
    expect(ran.offered).not.toContain(declines.number);
    expect((await run()).offered).not.toContain(number);

    const offered = await policyOf(web, policyId);
    expect(offered.termEndDate).toBe(termEnd);
    expect(offered.upcoming).toEqual([{ kind: 'renew', effectiveDate: termEnd, changeId: null, baseRateCents: expect.any(Number) }]);
    const mail = await waitForMailLike(sut.databaseUrl, email, /renews on/);
    expect(mail.subject).toBe(`Your Meterly policy ${number} renews on ${formatDay(termEnd, 'en-US')}`);
    expect(mail.text).toContain("Don't renew");
    expect(await idCard(web, policyId)).toContain(formatDay(termEnd, 'en-US'));

    clock.advance(11 * DAY);
    const later = await signIn(sut, email);
    const renewed = await policyOf(later, policyId);
    expect(renewed.status).toBe('active');
    expect(renewed.termStartDate).toBe(termEnd);
    expect(renewed.termEndDate).toBe(addMonths(termEnd, 6));
    expect(renewed.upcoming).toEqual([]);
    // The new term's base rate is the one offered.
    expect(renewed.baseRateCents).toBe(offered.upcoming[0].baseRateCents);
    expect(await idCard(later, policyId)).toContain(formatDay(renewed.termEndDate, 'en-US'));
    // The card's dates are in English in either language (issue 27: read by an officer), its labels in both.
    expect(await idCard(later, policyId, 'es')).toContain(`Expires Vence ${formatDay(renewed.termEndDate, 'en-US')}`);
    expect((await run()).expired).not.toContain(number);
  });

  it('the customer declines the renewal: it is withdrawn, the policy says when it ends, and expires that day', async () => {
    const { email, policyId, termEnd, number } = declines;
    const web = await signIn(sut, email);
    // Eleven days on, 39 days are left: the last test's run already offered it (within Arizona's 45).
    await run();
    await waitForMailLike(sut.databaseUrl, email, /renews on/);
    expect((await policyOf(web, policyId)).upcoming.map((e: { kind: string }) => e.kind)).toEqual(['renew']);

    const declined = (await web.post(`/api/policies/${policyId}/renewal/decline`).send({}).expect(200)).body.payload;
    expect(declined.autoRenew).toBe(false);
    expect(declined.upcoming).toEqual([{ kind: 'expire', effectiveDate: termEnd, changeId: null, baseRateCents: expect.any(Number) }]);
    await waitForMailLike(sut.databaseUrl, email, /will not renew/);
    const mails = await mailCount(sut.databaseUrl, email);
    // Asked again (a second tab): the same answer, no second e-mail.
    expect((await web.post(`/api/policies/${policyId}/renewal/decline`).send({}).expect(200)).body.payload.upcoming).toHaveLength(1);
    expect(await mailCount(sut.databaseUrl, email)).toBe(mails);
    expect((await run()).offered).not.toContain(number);

    clock.advance(40 * DAY);
    const after = await signIn(sut, email);
    expect((await run()).expired).toContain(number);
    const ended = await policyOf(after, policyId);
    expect(ended).toMatchObject({ status: 'expired', cancellationDate: addDays(termEnd, -1), autoRenew: false });
    await waitForMailLike(sut.databaseUrl, email, /has ended/);
    // Its ID card is no longer proof; its declarations say it ended, not that it was cancelled.
    await after.get(`/api/policies/${policyId}/documents/id-card.pdf`).expect(410);
    const declarations = await pdfText((await after.get(`/api/policies/${policyId}/documents/declarations.pdf`).buffer(true).expect(200)).body);
    expect(declarations).toContain(`EXPIRED at the end of ${formatDay(addDays(termEnd, -1), 'en-US')}`);
    expect(declarations).not.toContain('CANCELLED');
    await after.post(`/api/policies/${policyId}/renewal/decline`).send({}).expect(409);
  });
});
