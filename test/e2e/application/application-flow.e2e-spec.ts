import { ADDRESS, completeQuote, identify, SECOND_CAR, SPOUSE, throughApplication } from '../../support/purchase-flow';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('From quote to payment: application, products, coverage', () => {
  const sut = useTestApp();

  it('saves each section of the application and prices the whole household once it is done', async () => {
    const client = await signIn(sut, uniqueEmail('household'));
    const id = await completeQuote(client);
    const address = await client.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(200);
    expect(address.body.payload).toMatchObject({ application: { address: { ...ADDRESS, state: 'AZ', zip: '85004' } }, purchaseStep: 'application' });
    await client
      .put(`/api/quotes/${id}/application/drivers`)
      .send({ drivers: [SPOUSE] })
      .expect(200);
    await client
      .put(`/api/quotes/${id}/application/vehicles`)
      .send({ vehicles: [SECOND_CAR] })
      .expect(200);
    await identify(client, id, { drivers: [SPOUSE], vehicles: [SECOND_CAR] });
    const done = await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'over-3-years' }).expect(200);
    const quote = done.body.payload;
    expect(quote.purchaseStep).toBe('products');
    expect(quote.policyPrice.vehicles.map((v: { vehicle: { model: string } }) => v.vehicle.model)).toEqual(['Civic', 'RAV4']);
    expect(quote.policyPrice.baseRateCents).toBe(quote.policyPrice.vehicles.reduce((sum: number, v: { baseRateCents: number }) => sum + v.baseRateCents, 0));
    // Two cars: each car's breakdown ends with the multi-car discount (table 2026-11-27), which lowers its base rate only.
    for (const car of quote.policyPrice.vehicles as { breakdown: { factor: string; base: number; perMile: number }[] }[]) {
      const last = car.breakdown.at(-1)!;
      expect(last).toMatchObject({ factor: 'multi-car', perMile: 0 });
      expect(last.base).toBeLessThan(0);
    }
    // A reload finds everything where it was left.
    expect((await client.get('/api/quotes/current').expect(200)).body.payload).toMatchObject({ id, application: quote.application, purchaseStep: 'products' });
  });

  it('offers three packages, dearer as they cover more, and starts the coverage from the one chosen', async () => {
    const client = await signIn(sut, uniqueEmail('packages'));
    const id = await throughApplication(client);
    const { packages, rules } = (await client.get(`/api/quotes/${id}/packages`).expect(200)).body.payload;
    expect(rules).toEqual({
      state: 'AZ',
      minimumLiability: '25/50/15',
      requiredUninsuredMotorist: null,
      lowestUninsuredMotorist: '25/50',
      requiredMedicalPayments: null,
      personalInjuryProtection: null,
      choices: ['uninsuredMotorist'],
    });
    expect(packages.map((p: { package: string }) => p.package)).toEqual(['liability', 'standard', 'full']);
    const bases = packages.map((p: { price: { baseRateCents: number } }) => p.price.baseRateCents);
    expect(bases[0]).toBeLessThan(bases[1]);
    expect(bases[1]).toBeLessThan(bases[2]);
    const chosen = (await client.put(`/api/quotes/${id}/package`).send({ package: 'full' }).expect(200)).body.payload;
    expect(chosen).toMatchObject({
      coveragePackage: 'full',
      purchaseStep: 'coverage',
      coverage: packages[2].coverage,
      policyPrice: { baseRateCents: bases[2] },
    });
  });

  it('prices each coverage change, refuses what the state does not allow, and is ready to pay once confirmed', async () => {
    const client = await signIn(sut, uniqueEmail('coverage'));
    const id = await throughApplication(client);
    const standard = (await client.put(`/api/quotes/${id}/package`).send({ package: 'standard' }).expect(200)).body.payload;
    const higherDeductible = { ...standard.coverage, comprehensiveDeductible: 2000, collisionDeductible: 2000 };
    const cheaper = (await client.put(`/api/quotes/${id}/coverage`).send(higherDeductible).expect(200)).body.payload;
    expect(cheaper.policyPrice.baseRateCents).toBeLessThan(standard.policyPrice.baseRateCents);
    const collisionOnly = await client
      .put(`/api/quotes/${id}/coverage`)
      .send({ ...standard.coverage, comprehensiveDeductible: null })
      .expect(422);
    expect(collisionOnly.body.error).toMatchObject({ code: 'COVERAGE_NOT_ALLOWED', extra: { reason: 'COLLISION_WITHOUT_COMPREHENSIVE' } });
    await client
      .put(`/api/quotes/${id}/coverage`)
      .send({ ...standard.coverage, liability: '10/20/10' })
      .expect(400);
    await client
      .put(`/api/quotes/${id}/coverage`)
      .send({ ...standard.coverage, roadside: 'yes' })
      .expect(400);
    const { roadside: _roadside, ...missing } = standard.coverage;
    await client.put(`/api/quotes/${id}/coverage`).send(missing).expect(400);
    // What was saved stands: the refused changes changed nothing.
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.coverage).toEqual(higherDeductible);

    // Arizona asks for uninsured motorist to be selected or rejected first.
    expect((await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(409)).body.error.code).toBe('COVERAGE_CHOICE_REQUIRED');
    await client
      .put(`/api/quotes/${id}/coverage`)
      .send({ ...higherDeductible, choices: { uninsuredMotorist: 'select' } })
      .expect(200);
    const confirmed = (await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(200)).body.payload;
    expect(confirmed.purchaseStep).toBe('payment');
    // Any later change asks for the coverage to be confirmed again, at its new price.
    // A new car needs its VIN first: the purchase goes back to the application.
    const added = (
      await client
        .put(`/api/quotes/${id}/application/vehicles`)
        .send({ vehicles: [SECOND_CAR] })
        .expect(200)
    ).body.payload;
    expect(added.purchaseStep).toBe('application');
    await identify(client, id, { vehicles: [SECOND_CAR] });
    const changed = (await client.get(`/api/quotes/${id}`).expect(200)).body.payload;
    expect(changed.purchaseStep).toBe('coverage');
    expect(changed.policyPrice.vehicles).toHaveLength(2);
  });

  it("keeps a state's compulsory coverage: Illinois refuses coverage without uninsured motorist", async () => {
    const client = await signIn(sut, uniqueEmail('illinois'));
    const id = await completeQuote(client, { ...GOOD_ANSWERS, zip: '60601' });
    await client.put(`/api/quotes/${id}/application/address`).send({ line1: '1 N State St', city: 'Chicago' }).expect(200);
    await client.put(`/api/quotes/${id}/application/drivers`).send({ drivers: [] }).expect(200);
    await client.put(`/api/quotes/${id}/application/vehicles`).send({ vehicles: [] }).expect(200);
    await identify(client, id);
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'none' }).expect(200);
    const liability = (await client.put(`/api/quotes/${id}/package`).send({ package: 'liability' }).expect(200)).body.payload;
    expect(liability.coverage.uninsuredMotorist).toBe('25/50');
    const res = await client
      .put(`/api/quotes/${id}/coverage`)
      .send({ ...liability.coverage, uninsuredMotorist: null })
      .expect(422);
    expect(res.body.error.extra.reason).toBe('BELOW_STATE_MINIMUM');
  });

  it('refuses every step out of order with 409, naming the step to do first', async () => {
    const client = await signIn(sut, uniqueEmail('order'));
    const started = (await client.post('/api/quotes').send({ zip: '85004' }).expect(201)).body.payload.id;
    const early = await client.put(`/api/quotes/${started}/application/address`).send(ADDRESS).expect(409);
    expect(early.body.error).toMatchObject({ code: 'OUT_OF_ORDER', extra: { step: 'quote' } });
    const id = await completeQuote(client);
    await client.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(200);
    expect((await client.put(`/api/quotes/${id}/package`).send({ package: 'standard' }).expect(409)).body.error.extra.step).toBe('application');
    await client.get(`/api/quotes/${id}/packages`).expect(409);
    await client.put(`/api/quotes/${id}/application/drivers`).send({ drivers: [] }).expect(200);
    await client.put(`/api/quotes/${id}/application/vehicles`).send({ vehicles: [] }).expect(200);
    await identify(client, id);
    await client.put(`/api/quotes/${id}/application/history`).send({ priorInsurance: 'none' }).expect(200);
    // The coverage is the package's: before one is chosen there is none to change or confirm.
    expect((await client.post(`/api/quotes/${id}/coverage/confirm`).send({}).expect(409)).body.error.extra.step).toBe('products');
  });

  it.each([
    ['an address without a street', 'address', { line1: ' ', city: 'Phoenix' }, 'address.line1'],
    ['an address with a city of digits', 'address', { line1: '1 Main St', city: '123' }, 'address.city'],
    ['a driver under 16', 'drivers', { drivers: [{ ...SPOUSE, birthDate: '2015-01-01', yearsLicensed: 0 }] }, 'drivers.0.birthDate'],
    ['a driver with no relationship', 'drivers', { drivers: [{ ...SPOUSE, relationship: 'cousin' }] }, 'drivers.0.relationship'],
    ['a driver without a name', 'drivers', { drivers: [{ ...SPOUSE, firstName: '' }] }, 'drivers.0.firstName'],
    [
      'a driver with an incident in the future',
      'drivers',
      { drivers: [{ ...SPOUSE, incidents: [{ type: 'claims', date: '2999-01-01' }] }] },
      'drivers.0.incidents.0.date',
    ],
    ['five drivers', 'drivers', { drivers: [SPOUSE, SPOUSE, SPOUSE, SPOUSE] }, 'drivers'],
    ['a car with a bad VIN', 'vehicles', { vehicles: [{ vin: '1HGCM82643A004352', year: 2003, make: 'Honda', model: 'Accord' }] }, 'vehicles.0.vin'],
    ['a car not in the catalog', 'vehicles', { vehicles: [{ year: 2016, make: 'Toyota', model: 'Hovercraft' }] }, 'vehicles.0.model'],
    ['five cars', 'vehicles', { vehicles: [SECOND_CAR, SECOND_CAR, SECOND_CAR, SECOND_CAR] }, 'vehicles'],
    ['an unknown insurance history', 'history', { priorInsurance: 'forever' }, 'priorInsurance'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_, section, body, field) => {
    const client = await signIn(sut, uniqueEmail('bad'));
    const id = await completeQuote(client);
    await client.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(200);
    const before = (await client.get(`/api/quotes/${id}`)).body.payload;
    const res = await client.put(`/api/quotes/${id}/application/${section}`).send(body).expect(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect((await client.get(`/api/quotes/${id}`)).body.payload).toEqual(before);
  });

  it('is for signed-in owners only: 401 for a visitor, 404 for another customer', async () => {
    const owner = await signIn(sut, uniqueEmail('owner'));
    const id = await completeQuote(owner);
    await browserLike(sut).put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(401);
    const other = await signIn(sut, uniqueEmail('other'));
    await other.put(`/api/quotes/${id}/application/address`).send(ADDRESS).expect(404);
    await other.get(`/api/quotes/${id}/packages`).expect(404);
  });
});
