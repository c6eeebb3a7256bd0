import { randomUUID } from 'node:crypto';
import { PolicyDocumentsService } from '../../../src/modules/policy/policy-documents.service';
import { addMonths } from '../../../src/shared/dates/iso-day';
import { captureOutput } from '../../support/capture-output';
import { cardNumbersIn, scanDatabaseForCardNumbers } from '../../support/card-number-scan';
import { mailCount, waitForMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import {
  cardToken,
  completeQuote,
  confirmCoverage,
  purchaseBody,
  readyToPay,
  SECOND_CAR,
  SPOUSE,
  throughApplication,
  withPurchaseFault,
} from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

describe('The purchase: POST /api/policies', () => {
  jest.setTimeout(90_000);
  const output = captureOutput();

  const sut = useTestApp({ env: { LOG_LEVEL: 'debug' } });

  sut.beforeClose(async () => {
    output.restore();
  });

  const chargesFor = (quoteId: string) =>
    queryRows<{ status: string; amount_cents: number; used_for: string | null; attempts: number }>(
      sut,
      `SELECT status, amount_cents, used_for, attempts FROM payment_charges WHERE reference = $1 ORDER BY created_at`,
      [quoteId],
    );
  const policiesFor = (quoteId: string) =>
    queryRows<{ id: string; number: string; status: string }>(sut, 'SELECT id, number, status FROM policies WHERE quote_id = $1', [quoteId]);
  const buy = (client: Client, body: object, key: string | null = randomUUID()) => {
    const call = client.post('/api/policies');
    return (key === null ? call : call.set('Idempotency-Key', key)).send(body);
  };

  it('charges the first month, issues the policy with its people, cars, coverage and rates, and e-mails the ID card', async () => {
    const email = uniqueEmail('buyer');
    const client = await signIn(sut, email);
    const quoteId = await throughApplication(client, { drivers: [SPOUSE], vehicles: [SECOND_CAR] });
    await client.put(`/api/quotes/${quoteId}/package`).send({ package: 'full' }).expect(200);
    const quote = await confirmCoverage(client, quoteId);
    const startDate = dayFromToday(3);

    const res = await buy(client, purchaseBody(quoteId, await cardToken(client), { startDate })).expect(201);
    const { status, policy } = res.body.payload;
    expect(status).toBe('active');
    expect(policy).toMatchObject({
      status: 'active',
      state: 'AZ',
      effectiveDate: startDate,
      autoRenew: true,
      coveragePackage: 'full',
      coverage: quote.coverage,
      rateVersion: quote.policyPrice.rateVersion,
      baseRateCents: quote.policyPrice.baseRateCents,
      drivers: [
        { firstName: 'Ana', lastName: 'García' },
        { firstName: 'Luis', lastName: 'García', relationship: 'spouse' },
      ],
      vehicles: [
        { make: 'Honda', model: 'Civic', perMileRateMills: quote.policyPrice.vehicles[0].perMileRateMills },
        { make: 'Toyota', model: 'RAV4', perMileRateMills: quote.policyPrice.vehicles[1].perMileRateMills },
      ],
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(policy.number).toMatch(/^MP-AZ-\d{7}$/);
    // Six months, renewing on its own.
    expect(policy.termEndDate).toBe(addMonths(startDate, 6));
    expect(policy.soldBy).toBeUndefined();

    // One charge, of the server's own first-month price, paying for this policy.
    expect(await chargesFor(quoteId)).toEqual([
      { status: 'succeeded', amount_cents: quote.policyPrice.baseRateCents, used_for: `policy:${policy.id}`, attempts: 1 },
    ]);
    expect((await client.get(`/api/quotes/${quoteId}`).expect(200)).body.payload).toMatchObject({ status: 'purchased', purchaseStep: 'purchased' });
    expect((await client.get('/api/policies').expect(200)).body.payload.map((p: { id: string }) => p.id)).toEqual([policy.id]);
    expect((await client.get(`/api/policies/${policy.id}`).expect(200)).body.payload).toEqual(policy);

    const mail = await waitForMail(sut.databaseUrl, email);
    expect(mail.subject).toContain(policy.number);
    expect(mail.text).toContain('4242');
    const [stored] = await queryRows<{ attachments: { filename: string; contentType: string; contentBase64: string }[] }>(
      sut,
      'SELECT attachments FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject = $2',
      [email, mail.subject],
    );
    expect(stored.attachments).toHaveLength(1);
    expect(stored.attachments[0]).toMatchObject({ filename: `meterly-id-card-${policy.number}.pdf`, contentType: 'application/pdf' });
    const card = await pdfText(Buffer.from(stored.attachments[0].contentBase64, 'base64'));
    expect(card).toContain(policy.number);
    expect(card).toContain('RAV4');
  });

  it('answers before the ID card is rendered: the welcome waits for it, is tried again after a failed render, and arrives with it', async () => {
    const email = uniqueEmail('later');
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const token = await cardToken(client);
    const seen = await mailCount(sut.databaseUrl, email);
    // The mail job's first render of the ID card is held until the purchase has answered, then fails.
    const documents = sut.app.get(PolicyDocumentsService);
    let started!: () => void;
    const rendering = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const render = jest.spyOn(documents, 'render').mockImplementationOnce(async () => {
      started();
      await held;
      throw new Error('renderer down for the test');
    });
    try {
      const { policy } = (await buy(client, purchaseBody(quoteId, token)).expect(201)).body.payload;
      // The answer came while its ID card was still held: the purchase did not wait for it.
      await rendering;
      expect(render).toHaveBeenCalledTimes(1);
      expect(await mailCount(sut.databaseUrl, email)).toBe(seen);
      release();

      // The queue tries the mail again, and the ID card rendered then goes with it.
      const mail = await waitForMail(sut.databaseUrl, email, { seen, timeoutMs: 30_000 });
      expect(mail.subject).toContain(policy.number);
      expect(render).toHaveBeenCalledTimes(2);
      const [stored] = await queryRows<{ attachments: { filename: string; contentBase64: string }[] }>(
        sut,
        'SELECT attachments FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject = $2',
        [email, mail.subject],
      );
      expect(stored.attachments.map((a) => a.filename)).toEqual([`meterly-id-card-${policy.number}.pdf`]);
      expect(await pdfText(Buffer.from(stored.attachments[0].contentBase64, 'base64'))).toContain(policy.number);
      expect(await mailCount(sut.databaseUrl, email)).toBe(seen + 1);
    } finally {
      release();
      render.mockRestore();
    }
  });

  it('serves the ID card and declarations as PDFs in either language, to the owner only', async () => {
    const owner = await signIn(sut, uniqueEmail('docs'));
    const quoteId = await readyToPay(owner);
    const { policy } = (await buy(owner, purchaseBody(quoteId, await cardToken(owner))).expect(201)).body.payload;

    const idCard = await owner.get(`/api/policies/${policy.id}/documents/id-card.pdf`).buffer(true).expect(200);
    expect(idCard.headers['content-type']).toBe('application/pdf');
    expect(idCard.headers['content-disposition']).toBe(`attachment; filename="meterly-id-card-${policy.number}.pdf"`);
    const cardText = await pdfText(idCard.body);
    expect(cardText).toContain(policy.number);
    expect(cardText).toContain('Ana García');
    expect(cardText).toContain('2019 Honda Civic');

    const declarations = await owner.get(`/api/policies/${policy.id}/documents/declarations.pdf?locale=es`).buffer(true).expect(200);
    const text = await pdfText(declarations.body);
    expect(text).toContain(policy.number);
    expect(text).toMatch(/Declaraciones|declaraciones/);
    // Issue 26: the most a month can cost, the term's base rates, the insurer's address and the forms.
    for (const line of ['Lo máximo que puede costar un mes', 'Tarifas base del periodo (6 meses)', '1 Harborline Way, Hartford, CT 06103', 'MTR-PP-01 (11/26)'])
      expect(text).toContain(line);
    expect(declarations.headers['content-disposition']).toContain('meterly-declaraciones');

    // Anyone else: no such policy.
    const stranger = await signIn(sut, uniqueEmail('stranger'));
    for (const path of [
      `/api/policies/${policy.id}`,
      `/api/policies/${policy.id}/documents/id-card.pdf`,
      `/api/policies/${policy.id}/documents/declarations.pdf`,
    ]) {
      const res = await stranger.get(path).expect(404);
      expect(res.body.error.code).toBe('POLICY_NOT_FOUND');
    }
    await stranger
      .post(`/api/policies/${policy.id}/cancel`)
      .send({ date: dayFromToday(0) })
      .expect(404);
    await owner.get(`/api/policies/${policy.id}/documents/passport.pdf`).expect(404);
    await owner.get('/api/policies/not-a-policy').expect(404);
  });

  it("refuses another customer's quote with 404 and charges nothing", async () => {
    const owner = await signIn(sut, uniqueEmail('owner'));
    const quoteId = await readyToPay(owner);
    const other = await signIn(sut, uniqueEmail('other'));
    const res = await buy(other, purchaseBody(quoteId, await cardToken(other))).expect(404);
    expect(res.body.error.code).toBe('QUOTE_NOT_FOUND');
    expect(await chargesFor(quoteId)).toEqual([]);
  });

  it('needs an Idempotency-Key, and refuses a key reused with a different purchase', async () => {
    const client = await signIn(sut, uniqueEmail('keys'));
    const quoteId = await readyToPay(client);
    const token = await cardToken(client);
    expect((await buy(client, purchaseBody(quoteId, token), null).expect(400)).body.error.code).toBe('IDEMPOTENCY_KEY_MISSING');
    expect((await buy(client, purchaseBody(quoteId, token), 'short').expect(400)).body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((await buy(client, purchaseBody(quoteId, token), 'has spaces in it').expect(400)).body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');

    const key = randomUUID();
    const first = await buy(client, purchaseBody(quoteId, token), key).expect(201);
    const reused = await buy(client, purchaseBody(quoteId, token, { startDate: dayFromToday(5) }), key).expect(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A retry of the same purchase answers the same policy: one charge, one policy.
    const again = await buy(client, purchaseBody(quoteId, token), key).expect(201);
    expect(again.body.payload.policy.id).toBe(first.body.payload.policy.id);
    expect(await chargesFor(quoteId)).toHaveLength(1);
    expect(await policiesFor(quoteId)).toHaveLength(1);
    // A new attempt on a bought quote is told it is closed, and which policy it became.
    const closed = await buy(client, purchaseBody(quoteId, token)).expect(409);
    expect(closed.body.error).toMatchObject({ code: 'QUOTE_CLOSED', extra: { policyId: first.body.payload.policy.id } });
  });

  it('refuses every invalid field with 400 before anything is charged, card fields included', async () => {
    const client = await signIn(sut, uniqueEmail('fields'));
    const quoteId = await readyToPay(client);
    const token = await cardToken(client);
    const refused: Array<[object, string]> = [
      [{ cardNumber: '4242424242424242' }, 'cardNumber'],
      [{ number: '4242424242424242' }, 'number'],
      [{ cvc: '123' }, 'cvc'],
      [{ startDate: dayFromToday(31) }, 'START_DATE_INVALID'],
      [{ startDate: dayFromToday(-2) }, 'START_DATE_INVALID'],
      [{ startDate: '12/01/2026' }, 'startDate'],
      [{ agreeToTerms: false }, 'SIGNATURE_REQUIRED'],
      [{ agreeToTerms: 'yes' }, 'agreeToTerms'],
      [{ signatureName: '   ' }, 'SIGNATURE_REQUIRED'],
      [{ signatureName: 'x'.repeat(121) }, 'signatureName'],
      [{ quoteId: 'not-a-uuid' }, 'quoteId'],
      [{ paymentToken: 42 }, 'paymentToken'],
    ];
    for (const [override, named] of refused) {
      const res = await buy(client, purchaseBody(quoteId, token, override)).expect(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body.error)).toContain(named);
    }
    const { paymentToken: _token, ...noToken } = purchaseBody(quoteId, token);
    await buy(client, noToken).expect(400);
    await client.post('/api/policies').set('Idempotency-Key', randomUUID()).set('Content-Type', 'application/json').send('{"quoteId":').expect(400);
    expect(await chargesFor(quoteId)).toEqual([]);
    expect(await policiesFor(quoteId)).toEqual([]);
  });

  it('refuses to buy before the coverage is confirmed (409 naming the step), and an unknown token', async () => {
    const client = await signIn(sut, uniqueEmail('order'));
    const token = await cardToken(client);
    const atApplication = await completeQuote(client);
    expect((await buy(client, purchaseBody(atApplication, token)).expect(409)).body.error).toMatchObject({
      code: 'OUT_OF_ORDER',
      extra: { step: 'application' },
    });
    const atProducts = await throughApplication(client);
    expect((await buy(client, purchaseBody(atProducts, token)).expect(409)).body.error).toMatchObject({ code: 'OUT_OF_ORDER', extra: { step: 'products' } });
    await client.put(`/api/quotes/${atProducts}/package`).send({ package: 'standard' }).expect(200);
    expect((await buy(client, purchaseBody(atProducts, token)).expect(409)).body.error).toMatchObject({ code: 'OUT_OF_ORDER', extra: { step: 'coverage' } });
    await confirmCoverage(client, atProducts);
    expect((await buy(client, purchaseBody(atProducts, 'tok_sandbox_unknown0000')).expect(400)).body.error.code).toBe('PAYMENT_TOKEN_UNKNOWN');
    for (const quoteId of [atApplication, atProducts]) expect(await policiesFor(quoteId)).toEqual([]);
    // The quote was let go: the right card buys it.
    await buy(client, purchaseBody(atProducts, token)).expect(201);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('tells a declined card (%s) with 402 %s, issues nothing, and takes another card', async (number, reason) => {
    const client = await signIn(sut, uniqueEmail('declined'));
    const quoteId = await readyToPay(client);
    const key = randomUUID();
    const body = purchaseBody(quoteId, await cardToken(client, number));
    const declined = await buy(client, body, key).expect(402);
    expect(declined.body.error).toMatchObject({ code: 'PAYMENT_DECLINED', extra: { reason } });
    // The same attempt again: the same answer, and the bank is not asked twice.
    expect((await buy(client, body, key).expect(402)).body.error.extra.reason).toBe(reason);
    expect(await chargesFor(quoteId)).toEqual([expect.objectContaining({ status: 'declined', attempts: 1, used_for: null })]);
    expect(await policiesFor(quoteId)).toEqual([]);
    expect((await client.get(`/api/quotes/${quoteId}`).expect(200)).body.payload.status).toBe('open');

    const bought = await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(201);
    expect(bought.body.payload.status).toBe('active');
    expect((await chargesFor(quoteId)).map((c) => c.status)).toEqual(['declined', 'succeeded']);
  });

  it('issues one policy when two purchases of a quote race, and a double click answers the same policy', async () => {
    const client = await signIn(sut, uniqueEmail('race'));
    const quoteId = await readyToPay(client);
    const [tokenA, tokenB] = [await cardToken(client), await cardToken(client)];
    const results = await Promise.all([buy(client, purchaseBody(quoteId, tokenA)), buy(client, purchaseBody(quoteId, tokenB))]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(['PURCHASE_IN_PROGRESS', 'QUOTE_CLOSED']).toContain(loser.body.error.code);
    expect(await policiesFor(quoteId)).toHaveLength(1);
    expect((await chargesFor(quoteId)).filter((c) => c.status === 'succeeded')).toHaveLength(1);

    const second = await signIn(sut, uniqueEmail('double-click'));
    const secondQuote = await readyToPay(second);
    const body = purchaseBody(secondQuote, await cardToken(second));
    const key = randomUUID();
    const clicks = await Promise.all([buy(second, body, key), buy(second, body, key), buy(second, body, key)]);
    expect(clicks.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(clicks.map((r) => r.body.payload.policy.id)).size).toBe(1);
    expect(await chargesFor(secondQuote)).toHaveLength(1);
  });

  it('leaves nothing half-done when issuing fails after the charge, and the retry issues with the same payment', async () => {
    const client = await signIn(sut, uniqueEmail('half'));
    const quoteId = await readyToPay(client);
    const body = purchaseBody(quoteId, await cardToken(client));
    const key = randomUUID();
    await withPurchaseFault(async () => {
      const failed = await buy(client, body, key).expect(500);
      expect(failed.body).toMatchObject({ success: false, error: { message: expect.any(String) } });
      expect(JSON.stringify(failed.body)).not.toContain('PURCHASE_FAULT');
    });
    // The charge went through; nothing of the policy was written and the quote is still open.
    expect(await chargesFor(quoteId)).toEqual([expect.objectContaining({ status: 'succeeded', used_for: null })]);
    expect(await policiesFor(quoteId)).toEqual([]);
    expect((await client.get(`/api/quotes/${quoteId}`).expect(200)).body.payload.status).toBe('open');

    const retried = await buy(client, body, key).expect(201);
    expect(await chargesFor(quoteId)).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 1, used_for: `policy:${retried.body.payload.policy.id}` }),
    ]);
    expect(await policiesFor(quoteId)).toHaveLength(1);
  });

  it('a reload after such a failure (a new key) uses the payment already made instead of charging again', async () => {
    const client = await signIn(sut, uniqueEmail('reload'));
    const quoteId = await readyToPay(client);
    await withPurchaseFault(async () => buy(client, purchaseBody(quoteId, await cardToken(client))).expect(500));
    // The first attempt still holds the quote for a while; a new attempt then waits its turn.
    await queryRows(sut, `UPDATE purchase_requests SET created_at = now() - interval '3 minutes' WHERE quote_id = $1`, [quoteId]);
    const bought = await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(201);
    const charges = await chargesFor(quoteId);
    expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', used_for: `policy:${bought.body.payload.policy.id}` })]);
  });

  it('sends the customer back to the coverage when the price changed since they confirmed it', async () => {
    const client = await signIn(sut, uniqueEmail('repriced'));
    const quoteId = await readyToPay(client);
    // As if the rates had moved since the coverage was confirmed.
    await queryRows(sut, `UPDATE quotes SET policy_price = jsonb_set(policy_price, '{baseRateCents}', '999') WHERE id = $1`, [quoteId]);
    const res = await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(409);
    expect(res.body.error.code).toBe('PRICE_CHANGED');
    const quote = (await client.get(`/api/quotes/${quoteId}`).expect(200)).body.payload;
    expect(quote.purchaseStep).toBe('coverage');
    expect(quote.policyPrice.baseRateCents).not.toBe(999);
    expect(res.body.error.extra.baseRateCents).toBe(quote.policyPrice.baseRateCents);
    expect(await chargesFor(quoteId)).toEqual([]);
    await confirmCoverage(client, quoteId);
    await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(201);
  });

  it('cancels a policy online on the day chosen, with no fee, and says so by e-mail', async () => {
    const email = uniqueEmail('cancel');
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(201)).body.payload;
    await waitForMail(sut.databaseUrl, email);

    expect((await client.post(`/api/policies/${policy.id}/cancel`).send({ date: '2099-01-01' }).expect(400)).body.error.code).toBe('CANCEL_DATE_INVALID');
    await client.post(`/api/policies/${policy.id}/cancel`).send({ date: 'tomorrow' }).expect(400);
    await client
      .post(`/api/policies/${policy.id}/cancel`)
      .send({ date: dayFromToday(0), fee: 0 })
      .expect(400);
    const cancelled = (
      await client
        .post(`/api/policies/${policy.id}/cancel`)
        .send({ date: dayFromToday(10), reason: 'Sold the car' })
        .expect(200)
    ).body.payload;
    expect(cancelled).toMatchObject({ id: policy.id, status: 'cancelled', cancellationDate: dayFromToday(10), autoRenew: false });
    expect(
      (
        await client
          .post(`/api/policies/${policy.id}/cancel`)
          .send({ date: dayFromToday(0) })
          .expect(409)
      ).body.error.code,
    ).toBe('POLICY_CANCELLED');
    const mail = await waitForMail(sut.databaseUrl, email, { seen: 1 });
    expect(mail.subject).toContain(policy.number);
    expect(mail.text).toMatch(/no cancellation fee/i);
    // No new charge for cancelling.
    expect(await chargesFor(quoteId)).toHaveLength(1);
  });

  it('keeps the account details and preferred language, never the e-mail', async () => {
    const email = uniqueEmail('account');
    const client = await signIn(sut, email);
    expect((await client.get('/api/account').expect(200)).body.payload).toEqual({ email, name: null, preferredLocale: 'en-US' });
    const changed = (await client.put('/api/account').send({ name: ' Ana García ', preferredLocale: 'es' }).expect(200)).body.payload;
    expect(changed).toEqual({ email, name: 'Ana García', preferredLocale: 'es' });
    await client.put('/api/account').send({ email: 'new@example.com' }).expect(400);
    await client.put('/api/account').send({ preferredLocale: 'fr' }).expect(400);
    expect((await client.get('/api/account').expect(200)).body.payload).toEqual(changed);
  });

  it('needs a signed-in session for every call', async () => {
    const anonymous = browserLike(sut);
    await anonymous.get('/api/policies').expect(401);
    await anonymous.post('/api/policies').set('Idempotency-Key', randomUUID()).send({}).expect(401);
    await anonymous.get('/api/account').expect(401);
  });

  it('leaves no card number anywhere in the database or the logs after all of it', async () => {
    const database = await scanDatabaseForCardNumbers(sut.databaseUrl);
    expect(database.tablesScanned).toEqual(
      expect.arrayContaining(['public.policies', 'public.purchase_requests', 'public.payment_charges', 'public.local_mailbox']),
    );
    expect(database.findings).toEqual([]);
    expect(cardNumbersIn(output.text())).toEqual([]);
    expect(output.text()).toContain('/api/policies');
  });
});
