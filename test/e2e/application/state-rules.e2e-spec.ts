import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { cardToken, completeQuote, confirmCoverage, identify, purchaseBody } from '../../support/purchase-flow';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Each state's compulsory coverage and its select/reject questions (docs/pricing.md): nothing
 * is confirmed or bound below the state's rules or with a question unanswered, and the answers
 * are printed on the declarations.
 */
describe('State rules at the coverage step and at binding', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp();

  /** A quote in the ZIP's state through the application, with the package chosen: the quote. */
  async function atCoverage(client: Client, zip: string, city: string, pkg: string) {
    const id = await completeQuote(client, { ...GOOD_ANSWERS, zip });
    await client.put(`/api/quotes/${id}/application/address`).send({ line1: '100 Main St', city }).expect(200);
    await client.put(`/api/quotes/${id}/application/drivers`).send({ drivers: [] }).expect(200);
    await client.put(`/api/quotes/${id}/application/vehicles`).send({ vehicles: [] }).expect(200);
    await identify(client, id);
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
    return (await client.put(`/api/quotes/${id}/package`).send({ package: pkg }).expect(200)).body.payload;
  }

  const putCoverage = (client: Client, quoteId: string, coverage: object) => client.put(`/api/quotes/${quoteId}/coverage`).send(coverage);
  const buy = (client: Client, body: object) => client.post('/api/policies').set('Idempotency-Key', crypto.randomUUID()).send(body);
  const declarations = async (client: Client, policyId: string, locale: string) =>
    pdfText((await client.get(`/api/policies/${policyId}/documents/declarations.pdf?locale=${locale}`).buffer(true).expect(200)).body);

  it('asks Texas for both choices before confirming, refuses an answer that contradicts the coverage, and prints the answers', async () => {
    const client = await signIn(sut, uniqueEmail('texas'));
    const quote = await atCoverage(client, '75001', 'Addison', 'standard');
    const { rules } = (await client.get(`/api/quotes/${quote.id}/packages`).expect(200)).body.payload;
    expect(rules).toMatchObject({
      state: 'TX',
      lowestUninsuredMotorist: '30/60',
      personalInjuryProtection: { minimum: 2500, required: false },
      choices: ['uninsuredMotorist', 'personalInjuryProtection'],
    });
    expect(quote.coverage).toMatchObject({ uninsuredMotorist: '50/100', personalInjuryProtection: 2500, medicalPayments: null, choices: {} });
    expect(quote.policyPrice.vehicles[0].breakdown.map((line: { factor: string }) => line.factor)).toContain('personal-injury-protection');

    const unanswered = await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(409);
    expect(unanswered.body).toMatchObject({
      success: false,
      error: { code: 'COVERAGE_CHOICE_REQUIRED', extra: { coverages: ['uninsuredMotorist', 'personalInjuryProtection'] } },
    });
    const half = await putCoverage(client, quote.id, { ...quote.coverage, choices: { uninsuredMotorist: 'select' } }).expect(200);
    expect((await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(409)).body.error.extra.coverages).toEqual([
      'personalInjuryProtection',
    ]);
    // "Reject" with the coverage still bought says two things at once.
    const conflict = await putCoverage(client, quote.id, {
      ...half.body.payload.coverage,
      choices: { uninsuredMotorist: 'select', personalInjuryProtection: 'reject' },
    }).expect(400);
    expect(conflict.body.error).toMatchObject({ code: 'COVERAGE_CHOICE_CONFLICT', extra: { coverages: ['personalInjuryProtection'] } });
    // Below Texas' own 30/60, and PIP below $2,500, cannot be sold.
    const low = await putCoverage(client, quote.id, { ...quote.coverage, uninsuredMotorist: '25/50' }).expect(422);
    expect(low.body.error.extra.reason).toBe('BELOW_STATE_MINIMUM');
    await putCoverage(client, quote.id, { ...quote.coverage, personalInjuryProtection: 1000 }).expect(400);

    const rejected = { ...quote.coverage, personalInjuryProtection: null, choices: { uninsuredMotorist: 'select', personalInjuryProtection: 'reject' } };
    const saved = (await putCoverage(client, quote.id, rejected).expect(200)).body.payload;
    expect(saved.coverage).toEqual(rejected);
    expect(saved.policyPrice.baseRateCents).toBeLessThan(quote.policyPrice.baseRateCents);
    await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(200);
    const { policy } = (await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(201)).body.payload;
    expect(policy.coverage.choices).toEqual({ uninsuredMotorist: 'select', personalInjuryProtection: 'reject' });

    const english = await declarations(client, policy.id, 'en-US');
    expect(english).toContain('Coverage you selected or rejected');
    expect(english).toMatch(/Uninsured motorist Selected/);
    expect(english).toMatch(/Personal injury protection \(PIP\) Rejected in writing/);
    const spanish = await declarations(client, policy.id, 'es');
    expect(spanish).toContain('Coberturas que elegiste o rechazaste');
    expect(spanish).toMatch(/Conductor sin seguro Elegida/);
    expect(spanish).toMatch(/Protección contra lesiones personales \(PIP\) Rechazada por escrito/);
  });

  it('asks Pennsylvania for the tort option and stacking besides uninsured motorist, refuses confirming without them, and prints them', async () => {
    const client = await signIn(sut, uniqueEmail('pennsylvania'));
    const quote = await atCoverage(client, '19103', 'Philadelphia', 'standard');
    const { rules } = (await client.get(`/api/quotes/${quote.id}/packages`).expect(200)).body.payload;
    expect(rules).toMatchObject({ state: 'PA', choices: ['uninsuredMotorist', 'uninsuredMotoristStacking', 'tortOption'] });
    expect(quote.coverage.choices).toEqual({});

    const unanswered = await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(409);
    expect(unanswered.body).toMatchObject({
      success: false,
      error: { code: 'COVERAGE_CHOICE_REQUIRED', extra: { coverages: ['uninsuredMotorist', 'uninsuredMotoristStacking', 'tortOption'] } },
    });
    await putCoverage(client, quote.id, { ...quote.coverage, choices: { uninsuredMotorist: 'select' } }).expect(200);
    expect((await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(409)).body.error.extra.coverages).toEqual([
      'uninsuredMotoristStacking',
      'tortOption',
    ]);
    // Only the answers the law offers.
    const wrong = await putCoverage(client, quote.id, { ...quote.coverage, choices: { uninsuredMotorist: 'select', tortOption: 'select' } }).expect(400);
    expect(wrong.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });

    const choices = { uninsuredMotorist: 'select', uninsuredMotoristStacking: 'stacked', tortOption: 'limited' };
    const saved = (await putCoverage(client, quote.id, { ...quote.coverage, choices }).expect(200)).body.payload;
    expect(saved.coverage.choices).toEqual(choices);
    await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(200);
    const { policy } = (await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(201)).body.payload;
    expect(policy.coverage.choices).toEqual(choices);

    const english = await declarations(client, policy.id, 'en-US');
    expect(english).toContain('Coverage choices you made in writing');
    expect(english).toMatch(/Uninsured motorist Selected/);
    expect(english).toMatch(/Uninsured motorist limits Stacked/);
    expect(english).toMatch(/Tort option Limited tort/);
    const spanish = await declarations(client, policy.id, 'es');
    expect(spanish).toContain('Elecciones de cobertura que hiciste por escrito');
    expect(spanish).toMatch(/Límites de conductor sin seguro Acumulados/);
    expect(spanish).toMatch(/Derecho a demandar Derecho limitado \(limited tort\)/);
  });

  it('asks nothing of the tort option or stacking outside Pennsylvania, and keeps no such answer there', async () => {
    const client = await signIn(sut, uniqueEmail('texas-tort'));
    const quote = await atCoverage(client, '75001', 'Addison', 'standard');
    const choices = { uninsuredMotorist: 'select', personalInjuryProtection: 'select', tortOption: 'limited', uninsuredMotoristStacking: 'stacked' };
    const saved = (await putCoverage(client, quote.id, { ...quote.coverage, choices }).expect(200)).body.payload;
    expect(saved.coverage.choices).toEqual({ uninsuredMotorist: 'select', personalInjuryProtection: 'select' });
  });

  it('asks Illinois for the written request before selling uninsured motorist limits below liability, drops it when they are not, and prints it', async () => {
    const client = await signIn(sut, uniqueEmail('illinois-um'));
    const quote = await atCoverage(client, '60601', 'Chicago', 'full');
    const { rules } = (await client.get(`/api/quotes/${quote.id}/packages`).expect(200)).body.payload;
    expect(rules).toMatchObject({ state: 'IL', choices: ['uninsuredMotoristLowerLimits'] });
    expect(quote.coverage).toMatchObject({ liability: '100/300/100', uninsuredMotorist: '100/300', choices: {} });
    const put = (coverage: object) => putCoverage(client, quote.id, coverage).expect(200);
    const confirm = () => client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({});

    // UM equal to liability: nothing to ask, and a request sent anyway is not kept.
    expect((await put({ ...quote.coverage, choices: { uninsuredMotoristLowerLimits: 'requested' } })).body.payload.coverage.choices).toEqual({});
    const lower = { ...quote.coverage, uninsuredMotorist: '25/50' };
    await put(lower);
    expect((await confirm().expect(409)).body).toMatchObject({
      success: false,
      error: { code: 'COVERAGE_CHOICE_REQUIRED', extra: { coverages: ['uninsuredMotoristLowerLimits'] } },
    });
    // Liability raised above a UM limit that was equal to it asks the question too.
    await put({ ...quote.coverage, liability: '250/500/250' });
    expect((await confirm().expect(409)).body.error.extra.coverages).toEqual(['uninsuredMotoristLowerLimits']);
    const wrong = await putCoverage(client, quote.id, { ...lower, choices: { uninsuredMotoristLowerLimits: 'yes' } }).expect(400);
    expect(wrong.body.error.code).toBe('INVALID_INPUT');

    const requested = { ...lower, choices: { uninsuredMotoristLowerLimits: 'requested' } };
    expect((await put(requested)).body.payload.coverage.choices).toEqual({ uninsuredMotoristLowerLimits: 'requested' });
    await confirm().expect(200);
    // A request lost after confirming is refused at purchase.
    await queryRows(sut, `UPDATE quotes SET coverage = coverage - 'choices' WHERE id = $1`, [quote.id]);
    const refused = await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'COVERAGE_CHOICE_REQUIRED', extra: { coverages: ['uninsuredMotoristLowerLimits'] } });

    await put(requested);
    await confirm().expect(200);
    const { policy } = (await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(201)).body.payload;
    expect(policy.coverage).toMatchObject({ liability: '100/300/100', uninsuredMotorist: '25/50', choices: { uninsuredMotoristLowerLimits: 'requested' } });
    const english = await declarations(client, policy.id, 'en-US');
    expect(english).toContain('Coverage choices you made in writing');
    expect(english).toMatch(/Uninsured motorist limits below liability Lower limits requested in writing/);
    const spanish = await declarations(client, policy.id, 'es');
    expect(spanish).toMatch(/Límites de conductor sin seguro inferiores a los de responsabilidad civil Límites más bajos pedidos por escrito/);
  });

  it('sells Oregon PIP of at least $15,000 in every package, prints it, and asks nothing there while uninsured motorist equals liability', async () => {
    const client = await signIn(sut, uniqueEmail('oregon'));
    const quote = await atCoverage(client, '97301', 'Salem', 'liability');
    expect(quote.coverage).toMatchObject({ uninsuredMotorist: '25/50', personalInjuryProtection: 15000, medicalPayments: null });
    for (const pip of [null, 10000]) {
      const res = await putCoverage(client, quote.id, { ...quote.coverage, personalInjuryProtection: pip, medicalPayments: 10000 }).expect(422);
      expect(res.body.error.extra).toMatchObject({ reason: 'BELOW_STATE_MINIMUM', detail: expect.stringContaining('$15000') });
    }
    await confirmCoverage(client, quote.id);
    const { policy } = (await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(201)).body.payload;
    const text = await declarations(client, policy.id, 'en-US');
    expect(text).toContain('Personal injury protection (PIP) $15,000 per person');
    expect(text).not.toContain('Coverage you selected or rejected');
    expect(text).not.toContain('Coverage choices you made in writing');
  });

  it('binds nothing below the rules in force: an Oregon quote saved with medical payments for PIP is sent back to the coverage', async () => {
    const client = await signIn(sut, uniqueEmail('oregon-old'));
    const quote = await atCoverage(client, '97301', 'Salem', 'standard');
    await confirmCoverage(client, quote.id);
    // As table 2026-11-01 sold it: $10,000 of medical payments standing in for PIP.
    const { personalInjuryProtection: _pip, ...old } = { ...quote.coverage, medicalPayments: 10000 };
    await queryRows(sut, `UPDATE quotes SET coverage = $2 WHERE id = $1`, [quote.id, JSON.stringify(old)]);
    const res = await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(409);
    expect(res.body).toMatchObject({ success: false, error: { code: 'COVERAGE_BELOW_STATE_RULES', extra: { reason: 'BELOW_STATE_MINIMUM' } } });
    expect((await client.get(`/api/quotes/${quote.id}`).expect(200)).body.payload.purchaseStep).toBe('coverage');
    expect(await queryRows(sut, `SELECT id FROM policies WHERE quote_id = $1`, [quote.id])).toEqual([]);
  });

  it('binds nothing with a question unanswered: an Arizona quote whose answer was lost is refused at purchase', async () => {
    const client = await signIn(sut, uniqueEmail('arizona'));
    const quote = await atCoverage(client, '85004', 'Phoenix', 'standard');
    expect((await client.post(`/api/quotes/${quote.id}/coverage/confirm`).send({}).expect(409)).body.error.extra.coverages).toEqual(['uninsuredMotorist']);
    await confirmCoverage(client, quote.id);
    await queryRows(sut, `UPDATE quotes SET coverage = coverage - 'choices' WHERE id = $1`, [quote.id]);
    const res = await buy(client, purchaseBody(quote.id, await cardToken(client))).expect(409);
    expect(res.body.error).toMatchObject({ code: 'COVERAGE_CHOICE_REQUIRED', extra: { coverages: ['uninsuredMotorist'] } });
    expect(await queryRows(sut, `SELECT id FROM policies WHERE quote_id = $1`, [quote.id])).toEqual([]);
  });
});
