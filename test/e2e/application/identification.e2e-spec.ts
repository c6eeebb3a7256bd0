import { captureOutput } from '../../support/capture-output';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { cardToken, confirmCoverage, identify, purchaseBody, readyToPay, SECOND_CAR, SPOUSE, upToIdentification } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

type Client = Awaited<ReturnType<typeof signIn>>;

const CIVIC_VIN = '2HGFC2F50KH500000';
const RAV4_VIN = '2T3BFREV3GW000001';
/** Made up, of each state's shape; they must never come back whole, nor reach the logs. */
const ANA_LICENSE = { state: 'AZ', number: 'D 8765-4321' };
const LUIS_LICENSE = { state: 'IL', number: 'G123-4567-8901' };
const HOUSEHOLD = { drivers: [SPOUSE], vehicles: [SECOND_CAR] };
const GOOD = { vehicles: [{ vin: CIVIC_VIN }, { vin: RAV4_VIN }], drivers: [ANA_LICENSE, LUIS_LICENSE] };

/**
 * Issue 15: no policy is bound without a VIN for every car and a driver's license for every
 * driver. The application asks them (PUT application/identification), the purchase steps and
 * the purchase refuse to go on without them, and the documents print them, licenses masked.
 */
describe('VINs and licenses before binding', () => {
  jest.setTimeout(120_000);
  const output = captureOutput();

  const sut = useTestApp({ env: { LOG_LEVEL: 'debug' } });

  afterAll(async () => {
    output.restore();
  });

  const identification = (client: Client, id: string, body: object) => client.put(`/api/quotes/${id}/application/identification`).send(body);

  it('keeps the VINs on the cars and the licenses masked, then asks the history', async () => {
    const client = await signIn(sut, uniqueEmail('identified'));
    const id = await upToIdentification(client, HOUSEHOLD);
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.purchaseStep).toBe('application');

    const quote = (await identification(client, id, GOOD).expect(200)).body.payload;
    expect(quote.answers.vehicle.vin).toBe(CIVIC_VIN);
    expect(quote.application.vehicles[0].vin).toBe(RAV4_VIN);
    expect(quote.application.identification.licenses).toEqual([
      { firstName: 'Ana', lastName: 'García', birthDate: '1988-04-12', state: 'AZ', number: '••••4321' },
      { firstName: 'Luis', lastName: 'García', birthDate: '1986-02-20', state: 'IL', number: '••••8901' },
    ]);
    expect(JSON.stringify(quote)).not.toMatch(/87654321|G12345678901/);
    const [row] = await queryRows<{ application: { identification: { licenses: { number: string }[] } } }>(
      sut,
      'SELECT application FROM quotes WHERE id = $1',
      [id],
    );
    expect(row.application.identification.licenses.map((l) => l.number)).toEqual(['D87654321', 'G12345678901']);

    // Saved again with the numbers left empty, the licenses on file stay.
    const kept = (await identification(client, id, { ...GOOD, drivers: [{ state: 'AZ' }, { state: 'IL', number: '' }] }).expect(200)).body.payload;
    expect(kept.application.identification.licenses.map((l: { number: string }) => l.number)).toEqual(['••••4321', '••••8901']);
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.purchaseStep).toBe('products');
  });

  it.each([
    ['a VIN whose check digit is wrong', { vehicles: [{ vin: '2HGFC2F59KH500000' }, { vin: RAV4_VIN }] }, 'vehicles.0.vin', 'vinCheckDigit', /check digit/],
    ['a VIN of 16 characters', { vehicles: [{ vin: '2HGFC2F50KH50000' }, { vin: RAV4_VIN }] }, 'vehicles.0.vin', 'vinLength', /17 characters/],
    [
      'a VIN for another make and year',
      { vehicles: [{ vin: '2T3BFREV4JW000001' }, { vin: RAV4_VIN }] },
      'vehicles.0.vin',
      'vinMismatch',
      /^This VIN is for a 2018 Toyota; you entered a 2019 Honda Civic\./,
    ],
    [
      'a VIN for the same make, another year',
      { vehicles: [{ vin: '1HGCM82633A004352' }, { vin: RAV4_VIN }] },
      'vehicles.0.vin',
      'vinMismatch',
      /2003 Honda; you entered a 2019 Honda Civic/,
    ],
    [
      "the first car's VIN for the second",
      { vehicles: [{ vin: CIVIC_VIN }, { vin: CIVIC_VIN }] },
      'vehicles.1.vin',
      'vinMismatch',
      /2019 Honda; you entered a 2016 Toyota RAV4/,
    ],
    [
      'a license not of its state',
      { drivers: [{ state: 'AZ', number: '1234567' }, LUIS_LICENSE] },
      'drivers.0.number',
      'invalid',
      /AZ license numbers .*D12345678/,
    ],
    ['a license without a number', { drivers: [ANA_LICENSE, { state: 'IL', number: ' ' }] }, 'drivers.1.number', 'required', /license number/],
    ['a license of no US state', { drivers: [ANA_LICENSE, { state: 'ZZ', number: 'G12345678901' }] }, 'drivers.1.state', 'invalid', /US state/],
    ['one VIN for two cars', { vehicles: [{ vin: CIVIC_VIN }] }, 'vehicles', 'invalid', /each car/],
  ])('refuses %s with 400 at the field, and keeps what was saved', async (_, change, field, problem, message) => {
    const client = await signIn(sut, uniqueEmail('bad-id'));
    const id = await upToIdentification(client, HOUSEHOLD);
    const before = (await client.get(`/api/quotes/${id}`)).body.payload;
    const res = await identification(client, id, { ...GOOD, ...change }).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      error: { code: 'INVALID_INPUT', fields: { [field]: expect.stringMatching(message) }, extra: { problems: { [field]: problem } } },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/87654321|12345678901/);
    expect((await client.get(`/api/quotes/${id}`)).body.payload).toEqual(before);
  });

  it('refuses the section before the drivers and cars are known (409), and a DTO-breaking body (400)', async () => {
    const client = await signIn(sut, uniqueEmail('early-id'));
    const id = (await client.post('/api/quotes').send({ zip: '85004' }).expect(201)).body.payload.id;
    expect((await identification(client, id, GOOD).expect(409)).body.error).toMatchObject({ code: 'OUT_OF_ORDER', extra: { step: 'quote' } });
    const ready = await upToIdentification(client);
    await client.put(`/api/quotes/${ready}/application/drivers`).send({ drivers: [] }).expect(200);
    await identification(client, ready, { vehicles: 'all of them', drivers: [] }).expect(400);
    await identification(client, ready, { vehicles: [{ vin: 17 }], drivers: [] }).expect(400);
  });

  it('does not bind a quote saved without them: every later step refuses with 409 until they are given', async () => {
    const client = await signIn(sut, uniqueEmail('legacy'));
    const id = await readyToPay(client);
    // As a quote saved before issue 15 is: no VIN, no licenses.
    await queryRows(sut, `UPDATE quotes SET answers = answers #- '{vehicle,vin}', application = application - 'identification' WHERE id = $1`, [id]);
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.purchaseStep).toBe('application');

    const outOfOrder = { success: false, error: { code: 'OUT_OF_ORDER', extra: { step: 'application' } } };
    const token = await cardToken(client);
    expect((await client.post('/api/policies').set('Idempotency-Key', crypto.randomUUID()).send(purchaseBody(id, token)).expect(409)).body).toMatchObject(
      outOfOrder,
    );
    expect((await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(409)).body).toMatchObject(outOfOrder);
    expect((await client.put(`/api/quotes/${id}/package`).send({ package: 'full' }).expect(409)).body).toMatchObject(outOfOrder);
    await client.get(`/api/quotes/${id}/packages`).expect(409);
    expect(await queryRows(sut, 'SELECT id FROM policies WHERE quote_id = $1', [id])).toEqual([]);

    await identify(client, id);
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.purchaseStep).toBe('coverage');
    await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(200);
    await client.post('/api/policies').set('Idempotency-Key', crypto.randomUUID()).send(purchaseBody(id, token)).expect(201);
  });

  it("asks again when a driver is added, and forgets a removed driver's license", async () => {
    const client = await signIn(sut, uniqueEmail('changes'));
    const id = await upToIdentification(client, HOUSEHOLD);
    await identification(client, id, GOOD).expect(200);
    const child = { ...SPOUSE, relationship: 'child', firstName: 'Sofía', birthDate: '2006-05-01', yearsLicensed: 2 };
    const added = (
      await client
        .put(`/api/quotes/${id}/application/drivers`)
        .send({ drivers: [SPOUSE, child] })
        .expect(200)
    ).body.payload;
    expect(added.purchaseStep).toBe('application');
    expect(added.application.identification.licenses).toHaveLength(2);
    const removed = (
      await client
        .put(`/api/quotes/${id}/application/drivers`)
        .send({ drivers: [child] })
        .expect(200)
    ).body.payload;
    expect(removed.application.identification.licenses.map((l: { firstName: string }) => l.firstName)).toEqual(['Ana']);
    const [row] = await queryRows<{ application: object }>(sut, 'SELECT application FROM quotes WHERE id = $1', [id]);
    expect(JSON.stringify(row.application)).not.toContain('G12345678901');
  });

  it('binds a policy whose ID card shows each VIN and the claims number, and whose declarations list every driver and car', async () => {
    const client = await signIn(sut, uniqueEmail('documents'));
    const id = await upToIdentification(client, HOUSEHOLD);
    await identification(client, id, GOOD).expect(200);
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
    await client.put(`/api/quotes/${id}/package`).send({ package: 'standard' }).expect(200);
    await confirmCoverage(client, id);
    const bought = await client
      .post('/api/policies')
      .set('Idempotency-Key', crypto.randomUUID())
      .send(purchaseBody(id, await cardToken(client)))
      .expect(201);
    const policy = bought.body.payload.policy;
    expect(policy.vehicles.map((v: { vin: string }) => v.vin)).toEqual([CIVIC_VIN, RAV4_VIN]);
    expect(policy.drivers.map((d: { license: object }) => d.license)).toEqual([
      { state: 'AZ', number: '••••4321' },
      { state: 'IL', number: '••••8901' },
    ]);
    const read = (await client.get(`/api/policies/${policy.id}`).expect(200)).body.payload;
    expect(JSON.stringify(read)).not.toMatch(/87654321|12345678901/);

    const pdf = async (name: string) => pdfText((await client.get(`/api/policies/${policy.id}/documents/${name}.pdf`).buffer(true).expect(200)).body);
    const card = await pdf('id-card');
    for (const line of [CIVIC_VIN, RAV4_VIN, '1-800-555-0199', '2019 Honda Civic', '2016 Toyota RAV4']) expect(card).toContain(line);
    expect(card).not.toContain('not given');
    const declarations = await pdf('declarations');
    for (const line of [
      'Ana García',
      'Luis García',
      'License AZ ••••4321',
      'License IL ••••8901',
      `2019 Honda Civic · VIN ${CIVIC_VIN}`,
      `2016 Toyota RAV4 · VIN ${RAV4_VIN}`,
    ]) {
      expect(declarations).toContain(line);
    }
    expect(declarations).not.toMatch(/87654321|12345678901/);
  });

  it('refuses the same VIN for two cars alike', async () => {
    const client = await signIn(sut, uniqueEmail('twice'));
    const civic = { year: 2019, make: 'Honda', model: 'Civic' };
    const id = await upToIdentification(client, { vehicles: [civic] });
    const res = await identification(client, id, { vehicles: [{ vin: CIVIC_VIN }, { vin: CIVIC_VIN }], drivers: [ANA_LICENSE] }).expect(400);
    expect(res.body.error.extra.problems).toEqual({ 'vehicles.1.vin': 'vinDuplicate' });
    await identification(client, id, { vehicles: [{ vin: CIVIC_VIN }, { vin: vinFor(civic, 2) }], drivers: [ANA_LICENSE] }).expect(200);
  });

  it('leaves no license number whole in the logs after all of it', () => {
    expect(output.text()).toContain('/application/identification');
    expect(output.text()).not.toMatch(/87654321|8765-4321|12345678901|4567-8901/);
  });
});
