import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { ADDRESS, cardToken, completeQuote, confirmCoverage, identify, purchaseBody, SPOUSE } from '../../support/purchase-flow';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Names and addresses end up on the ID card and declarations: the forms take what the documents
 * print (Latin script, every accent) and refuse other scripts at the field; what was saved before
 * in another script prints as a notice, never as garbage.
 */
describe('Documents in every script the forms accept', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp();

  const LATIN_DRIVER = { ...GOOD_ANSWERS.driver, firstName: 'Łukasz', lastName: 'Nguyễn Ødegård' };

  async function buy(client: Client, quoteId: string): Promise<{ id: string; number: string }> {
    await client.put(`/api/quotes/${quoteId}/package`).send({ package: 'standard' }).expect(200);
    await confirmCoverage(client, quoteId);
    const body = purchaseBody(quoteId, await cardToken(client), { signatureName: 'Łukasz Nguyễn Ødegård' });
    return (await client.post('/api/policies').set('Idempotency-Key', crypto.randomUUID()).send(body).expect(201)).body.payload.policy;
  }

  const documentText = async (client: Client, policyId: string, name: string) =>
    pdfText((await client.get(`/api/policies/${policyId}/documents/${name}.pdf`).buffer(true).expect(200)).body);

  it('refuses a name or address in another script with a 400 at the field, and keeps what was saved', async () => {
    const client = await signIn(sut, uniqueEmail('scripts'));
    const refused = await client
      .post('/api/quotes')
      .send({ ...GOOD_ANSWERS, driver: { ...GOOD_ANSWERS.driver, firstName: 'محمد' } })
      .expect(400);
    expect(refused.body).toMatchObject({
      success: false,
      error: {
        code: 'INVALID_INPUT',
        fields: { 'driver.firstName': expect.stringMatching(/Latin letters/) },
        extra: { problems: { 'driver.firstName': 'notLatin' } },
      },
    });

    const id = await completeQuote(client);
    const before = (await client.get(`/api/quotes/${id}`).expect(200)).body.payload;
    const hebrew = await client
      .patch(`/api/quotes/${id}`)
      .send({ driver: { ...GOOD_ANSWERS.driver, lastName: 'כהן' } })
      .expect(400);
    expect(hebrew.body.error.extra.problems).toEqual({ 'driver.lastName': 'notLatin' });

    const address = await client.put(`/api/quotes/${id}/application/address`).send({ line1: 'שדרות רוטשילד 1', city: 'تل أبيب' }).expect(400);
    expect(address.body.error.extra.problems).toEqual({ 'address.line1': 'notLatin', 'address.city': 'notLatin' });
    expect(address.body.error.fields['address.city']).toMatch(/city in Latin letters/);
    const digits = await client
      .put(`/api/quotes/${id}/application/address`)
      .send({ ...ADDRESS, line2: 'Apt ٣' })
      .expect(400);
    expect(digits.body.error.extra.problems).toEqual({ 'address.line2': 'notLatin' });
    const spouse = await client
      .put(`/api/quotes/${id}/application/drivers`)
      .send({ drivers: [{ ...SPOUSE, firstName: 'Иван' }] })
      .expect(400);
    expect(spouse.body.error.extra.problems).toEqual({ 'drivers.0.firstName': 'notLatin' });

    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload).toEqual(before);
  });

  it('prints accented and Latin Extended names and addresses as typed on the ID card and declarations', async () => {
    const client = await signIn(sut, uniqueEmail('latin'));
    const id = await completeQuote(client, { ...GOOD_ANSWERS, driver: LATIN_DRIVER });
    await client.put(`/api/quotes/${id}/application/address`).send({ line1: '12 Calle Peñasco', line2: 'Ático 3º', city: 'Phoenix' }).expect(200);
    await client
      .put(`/api/quotes/${id}/application/drivers`)
      .send({ drivers: [{ ...SPOUSE, firstName: 'Đặng', lastName: 'Thị Hương' }] })
      .expect(200);
    await client.put(`/api/quotes/${id}/application/vehicles`).send({ vehicles: [] }).expect(200);
    await identify(client, id, { drivers: [SPOUSE] });
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
    const policy = await buy(client, id);

    expect(await documentText(client, policy.id, 'id-card')).toContain('Łukasz Nguyễn Ødegård');
    const declarations = await documentText(client, policy.id, 'declarations');
    for (const line of ['Łukasz Nguyễn Ødegård', 'Đặng Thị Hương', '12 Calle Peñasco, Ático 3º']) expect(declarations).toContain(line);
  });

  it('prints a notice, never garbage, for a name saved in another script before the forms refused it', async () => {
    const client = await signIn(sut, uniqueEmail('saved'));
    const policy = await buy(
      client,
      await completeQuote(client).then(async (id) => {
        await client.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(200);
        await client.put(`/api/quotes/${id}/application/drivers`).send({ drivers: [] }).expect(200);
        await client.put(`/api/quotes/${id}/application/vehicles`).send({ vehicles: [] }).expect(200);
        await identify(client, id);
        await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
        return id;
      }),
    );
    await queryRows(sut, `UPDATE policies SET drivers = jsonb_set(drivers::jsonb, '{0,firstName}', '"محمد"')::jsonb WHERE id = $1`, [policy.id]);
    // Its timeline holds the same terms (issue 26: the documents read the policy as of today from it).
    await queryRows(sut, `UPDATE policy_transactions SET terms = jsonb_set(terms, '{drivers,0,firstName}', '"محمد"') WHERE policy_id = $1`, [policy.id]);

    for (const name of ['id-card', 'declarations']) {
      const text = await documentText(client, policy.id, name);
      expect(text).toContain('[on file; not printable]');
      expect(text).not.toContain('García');
    }
  });
});
