import { BillingService } from '../../../src/modules/billing/billing.service';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { formatCents, formatDay } from '../../../src/shared/format/money';
import { FINAL_MILES_DAYS } from '../../../src/shared/policy/policy-model';
import { backdatePolicy } from '../../support/backdate-policy';
import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { sendReadings } from '../../support/policy-customer';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { Locale } from '../../../src/shared/locale';

type Client = Awaited<ReturnType<typeof signIn>>;
const DAY = 86_400_000;

/** Issue 26, cancellation's paper: the refund before confirming, in the e-mail and on the notice; the ID card after cover ends. */
describe('Cancellation: the quote, the notice, the ID card (issue 26)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const billing = () => sut.app.get(BillingService);
  const sut = useTestApp({ clock, env: { SEED_DEMO: 'true' } });

  /** A customer (in `locale`) with an Arizona policy that started 10 days ago and 120 miles driven since. */
  async function customerWithMiles(locale: Locale): Promise<{ client: Client; email: string; policyId: string; number: string }> {
    const email = uniqueEmail('cancelpaper');
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await buyQuote(client, quoteId)).body.payload;
    const started = addDays(stateDay(clock.now(), 'AZ'), -10);
    await backdatePolicy(sut, policy.id, started, { termDays: 180 });
    await queryRows(sut, `UPDATE users SET locale = $2 WHERE lower(email) = lower($1)`, [email, locale]);
    const day = (n: number) => new Date(clock.now().getTime() - n * DAY).toISOString();
    await sendReadings(client, policy.id, [40_000, day(9)], [40_120, day(2)]);
    return { client, email, policyId: policy.id, number: policy.number };
  }

  const pdf = async (client: Client, policyId: string, file: string, locale: Locale) =>
    pdfText((await client.get(`/api/policies/${policyId}/documents/${file}?locale=${locale}`).buffer(true).expect(200)).body as Buffer);

  it.each<[Locale, RegExp, string, string]>([
    ['en-US', /is cancelled/, 'a refund of', 'Notice of Cancellation'],
    ['es', /está cancelada/, 'un reembolso de', 'Aviso de cancelación'],
  ])(
    'in %s: the quote before confirming is what the final statement bills, said in the e-mail and on the notice',
    async (locale, subject, refundWords, title) => {
      const { client, email, policyId, number } = await customerWithMiles(locale);
      const lastDay = addDays(stateDay(clock.now(), 'AZ'), 2);

      const quote = (await client.get(`/api/policies/${policyId}/cancellation-quote?date=${lastDay}`).expect(200)).body.payload;
      expect(quote).toMatchObject({ date: lastDay, to: lastDay, basis: 'quote' });
      expect(quote.creditCents).toBeGreaterThan(0);
      expect(quote.milesCents).toBeGreaterThan(0);
      expect(quote.totalCents).toBe(quote.milesCents + quote.changesCents - quote.creditCents);
      // A refund: two days' miles are less than the unused weeks' base rate.
      expect(quote.totalCents).toBeLessThan(0);

      await client.post(`/api/policies/${policyId}/cancel`).send({ date: lastDay }).expect(200);

      // The e-mail states the same figure, with the notice attached.
      const mail = await waitForMailLike(sut.databaseUrl, email, subject);
      expect(mail.text).toContain(`${refundWords} ${formatCents(-quote.totalCents, locale)}`);
      const [{ attachments }] = await queryRows<{ attachments: { filename: string }[] }>(
        sut,
        `SELECT attachments FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject = $2`,
        [email, mail.subject],
      );
      expect(attachments.map((a) => a.filename)).toEqual([`${locale === 'es' ? 'meterly-aviso-de-cancelacion' : 'meterly-cancellation-notice'}-${number}.pdf`]);

      // The notice: policy, insured, the day and last moment covered, who asked and why, the refund.
      const notice = await pdf(client, policyId, 'cancellation-notice.pdf', locale);
      expect(notice).toContain(title);
      expect(notice).toContain(number);
      expect(notice).toContain(formatDay(lastDay, locale));
      expect(notice).toContain(locale === 'es' ? '11:59 p. m.' : '11:59 p.m.');
      expect(notice).toContain(locale === 'es' ? 'A pedido del asegurado principal' : "At the named insured's request");
      expect(notice).toContain(locale === 'es' ? 'Reembolso a tu tarjeta' : 'Refund to your card');
      expect(notice).toContain(formatCents(-quote.totalCents, locale).replace('-', ''));

      // The declarations state the cancellation, not an expiry that will never come; the ID card, still
      // proof of cover until the end of the last day, expires with it.
      const declarations = await pdf(client, policyId, 'declarations.pdf', locale);
      expect(declarations).toContain(
        locale === 'es' ? `CANCELADA desde el final del ${formatDay(lastDay, locale)}` : `CANCELLED from the end of ${formatDay(lastDay, locale)}`,
      );
      expect(declarations).not.toContain(locale === 'es' ? 'se renueva cada 6 meses' : 'renews every 6 months');
      const idCard = await pdf(client, policyId, 'id-card.pdf', locale);
      // The card's dates are in English in either language (issue 27: read by an officer).
      expect(idCard).toContain(formatDay(lastDay, 'en-US'));

      // After the last covered day: no ID card, with why.
      clock.advance(3 * DAY);
      const later = await signIn(sut, email);
      const refused = await later.get(`/api/policies/${policyId}/documents/id-card.pdf`).expect(410);
      expect(refused.body).toMatchObject({
        success: false,
        error: { code: 'POLICY_COVER_ENDED', message: expect.stringMatching(/no longer proof of insurance/) },
      });

      // The final statement, made after the late miles' days, bills exactly the quote.
      clock.advance((FINAL_MILES_DAYS + 1) * DAY);
      await billing().run({});
      const latest = await signIn(sut, email);
      const statements = (await latest.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
      const final = statements.find((s: { to: string }) => s.to === lastDay);
      expect(final.totalCents).toBe(quote.totalCents);
      expect(final.lines).toEqual(quote.lines);
      const settled = (await latest.get(`/api/policies/${policyId}/cancellation-quote`).expect(200)).body.payload;
      expect(settled).toMatchObject({ basis: 'final', totalCents: quote.totalCents });
      // The summary still answers after the final statement (My account keeps the block).
      const summary = (await latest.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
      expect(summary.final).toMatchObject({ lastDay, settled: true });
      clock.advance(-(FINAL_MILES_DAYS + 4) * DAY);
    },
  );

  it('records who asked: staff acting for the customer, named on the notice with the reason given, which the declarations state too', async () => {
    const { email, policyId } = await customerWithMiles('en-US');
    const staff = await signIn(sut, 'admin@meterly.test');
    await staff.post('/api/agent/on-behalf').send({ email }).expect(200);
    const lastDay = stateDay(clock.now(), 'AZ');
    await staff.post(`/api/policies/${policyId}/cancel`).send({ date: lastDay, reason: 'Sold the car' }).expect(200);
    const notice = await pdf(staff, policyId, 'cancellation-notice.pdf', 'en-US');
    expect(notice).toContain('Meterly staff (admin@meterly.test), for the named insured');
    expect(notice).toContain('Sold the car');
    const declarations = await pdf(staff, policyId, 'declarations.pdf', 'en-US');
    expect(declarations).toContain(`CANCELLED from the end of ${formatDay(lastDay, 'en-US')}. Reason: Sold the car.`);
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('asks a day from today to the end of the term (400), refuses another day for a cancelled policy (409), and has no notice for a policy not cancelled (409)', async () => {
    const { client, policyId } = await customerWithMiles('en-US');
    const today = stateDay(clock.now(), 'AZ');
    for (const date of [addDays(today, -1), addDays(today, 400), 'soon']) {
      const answer = await client.get(`/api/policies/${policyId}/cancellation-quote?date=${date}`).expect(400);
      expect(answer.body.success).toBe(false);
    }
    const notice = await client.get(`/api/policies/${policyId}/documents/cancellation-notice.pdf`).expect(409);
    expect(notice.body.error.code).toBe('POLICY_NOT_CANCELLED');
    await client.post(`/api/policies/${policyId}/cancel`).send({ date: today }).expect(200);
    const other = await client.get(`/api/policies/${policyId}/cancellation-quote?date=${addDays(today, 1)}`).expect(409);
    expect(other.body.error.code).toBe('POLICY_CANCELLED');
  });
});
