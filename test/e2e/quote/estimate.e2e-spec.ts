import request from 'supertest';
import { dayFromToday, GOOD_ESTIMATE } from '../../support/quote-fixtures';
import { useTestApp } from '../../support/use-test-app';

describe('POST /api/quotes/estimate', () => {
  const sut = useTestApp();

  const estimate = (body: unknown) =>
    request(sut.url)
      .post('/api/quotes/estimate')
      .send(body as object);

  it('prices a driver and a car with the documented shape, and the lines of the breakdown add up', async () => {
    const res = await estimate(GOOD_ESTIMATE).expect(200);
    expect(res.body.success).toBe(true);
    const payload = res.body.payload;
    expect(Object.keys(payload).sort()).toEqual(
      ['baseRateCents', 'breakdown', 'dailyCapMiles', 'monthlyEstimateCents', 'perMileRateMills', 'rateVersion', 'state'].sort(),
    );
    expect(payload).toMatchObject({ rateVersion: '2026-11-27', state: 'AZ', dailyCapMiles: 250 });
    expect(Number.isInteger(payload.baseRateCents) && payload.baseRateCents > 0).toBe(true);
    expect(Number.isInteger(payload.perMileRateMills) && payload.perMileRateMills > 0).toBe(true);
    expect(payload.monthlyEstimateCents).toBe(payload.baseRateCents + Math.round((600 * payload.perMileRateMills) / 10));
    const sum = (key: 'base' | 'perMile') => payload.breakdown.reduce((total: number, line: Record<string, number>) => total + line[key], 0);
    expect(sum('base')).toBe(payload.baseRateCents);
    expect(sum('perMile')).toBe(payload.perMileRateMills);
    for (const line of payload.breakdown) expect(Object.keys(line).sort()).toEqual(['base', 'factor', 'perMile']);
  });

  it('gives the same price for the same input', async () => {
    const [a, b] = await Promise.all([estimate(GOOD_ESTIMATE).expect(200), estimate(GOOD_ESTIMATE).expect(200)]);
    expect(a.body.payload).toEqual(b.body.payload);
  });

  it('caps the estimate at 250 miles on each of 30 days', async () => {
    const capped = (await estimate({ ...GOOD_ESTIMATE, milesPerMonth: 10_000 }).expect(200)).body.payload;
    const atCap = (await estimate({ ...GOOD_ESTIMATE, milesPerMonth: 7_500 }).expect(200)).body.payload;
    expect(capped.monthlyEstimateCents).toBe(atCap.monthlyEstimateCents);
  });

  it('prices a car given by its VIN alone', async () => {
    const res = await estimate({ ...GOOD_ESTIMATE, vehicle: { vin: '1HGCM82633A004352' } }).expect(200);
    expect(res.body.payload.state).toBe('AZ');
  });

  it('charges more for a driver with incidents, and more for full coverage', async () => {
    const clean = (await estimate(GOOD_ESTIMATE).expect(200)).body.payload;
    const accident = (await estimate({ ...GOOD_ESTIMATE, incidents: [{ type: 'accidents', date: dayFromToday(-200) }] }).expect(200)).body.payload;
    const full = (await estimate({ ...GOOD_ESTIMATE, coverage: { package: 'full' } }).expect(200)).body.payload;
    expect(accident.baseRateCents).toBeGreaterThan(clean.baseRateCents);
    expect(full.baseRateCents).toBeGreaterThan(clean.baseRateCents);
  });

  it('answers a partner without our cookie or an Origin header', async () => {
    await request(sut.url).post('/api/quotes/estimate').set('Content-Type', 'application/json').send(JSON.stringify(GOOD_ESTIMATE)).expect(200);
  });

  it.each([
    ['an unknown ZIP', { zip: '00000' }, 'zip'],
    ['a ZIP that is not five digits', { zip: '8500' }, 'zip'],
    ['a VIN with a wrong check digit', { vehicle: { vin: '1HGCM82643A004352' } }, 'vehicle.vin'],
    ['a VIN of the wrong length', { vehicle: { vin: '1HGCM8263' } }, 'vehicle.vin'],
    ['a model not in the catalog', { vehicle: { year: 2019, make: 'Honda', model: 'Flying Carpet' } }, 'vehicle.model'],
    ['a car older than 25 model years', { vehicle: { year: 1990, make: 'Honda', model: 'Civic' } }, 'vehicle.year'],
    ['a birth date in the future', { driver: { birthDate: dayFromToday(30), yearsLicensed: 0 } }, 'driver.birthDate'],
    ['a driver under 16', { driver: { birthDate: dayFromToday(-15 * 365), yearsLicensed: 0 } }, 'driver.birthDate'],
    ['a date that does not exist', { driver: { birthDate: '1990-02-30', yearsLicensed: 5 } }, 'driver.birthDate'],
    ['more years licensed than age allows', { driver: { birthDate: '2000-01-01', yearsLicensed: 20 } }, 'driver.yearsLicensed'],
    ['years licensed as text', { driver: { birthDate: '1988-04-12', yearsLicensed: 'ten' } }, 'driver.yearsLicensed'],
    ['negative miles', { milesPerMonth: -5 }, 'milesPerMonth'],
    ['absurd miles', { milesPerMonth: 1_000_000 }, 'milesPerMonth'],
    ['miles as text', { milesPerMonth: '600' }, 'milesPerMonth'],
    ['an unknown incident type', { incidents: [{ type: 'speeding', date: dayFromToday(-10) }] }, 'incidents.0.type'],
    ['an incident in the future', { incidents: [{ type: 'claims', date: dayFromToday(10) }] }, 'incidents.0.date'],
    ['an incident older than 3 years', { incidents: [{ type: 'claims', date: dayFromToday(-4 * 366) }] }, 'incidents.0.date'],
    ['incidents that are not a list', { incidents: 'none' }, 'incidents'],
    ['an unknown coverage package', { coverage: { package: 'platinum' } }, 'coverage.package'],
    ['an unknown field', { discount: 50 }, 'discount'],
  ])('refuses %s with a 400 that names the field', async (_, change, field) => {
    const res = await estimate({ ...GOOD_ESTIMATE, ...change }).expect(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error.message).toBe('string');
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('refuses a missing driver and a missing vehicle, naming both', async () => {
    const { driver: _driver, vehicle: _vehicle, ...rest } = GOOD_ESTIMATE;
    const res = await estimate(rest).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(['driver', 'vehicle']));
  });

  it('answers 422 with a clear message for a ZIP in a state we do not sell in', async () => {
    const res = await estimate({ ...GOOD_ESTIMATE, zip: '10001' }).expect(422);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'STATE_NOT_SERVED', message: expect.stringMatching(/don't sell Meterly in that state yet/), extra: { state: 'NY' } },
    });
  });

  it('declines online a record beyond what we quote (more than two accidents in three years) with 422', async () => {
    const accident = { type: 'accidents', date: dayFromToday(-100) };
    await estimate({ ...GOOD_ESTIMATE, incidents: [accident, accident] }).expect(200);
    const res = await estimate({ ...GOOD_ESTIMATE, incidents: [accident, accident, accident] }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'QUOTE_DECLINED', extra: { reason: 'too-many-accidents' } });
  });

  it('refuses a body that is not JSON', async () => {
    await request(sut.url).post('/api/quotes/estimate').set('Content-Type', 'application/json').send('{"zip":').expect(400);
    await request(sut.url).post('/api/quotes/estimate').set('Content-Type', 'text/plain').send('zip=85004').expect(415);
  });

  it('is described in the OpenAPI document with its answer', async () => {
    const doc = (await request(sut.url).get('/api/openapi.json').expect(200)).body;
    const op = doc.paths['/api/quotes/estimate'].post;
    expect(op.responses['200']).toBeDefined();
    expect(op.responses['400']).toBeDefined();
    expect(op.responses['422']).toBeDefined();
  });
});
