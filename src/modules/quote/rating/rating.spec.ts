import { packageCoverage } from './coverage-rules';
import { rate, territoryOf } from './rating';
import { RatingError } from './rating-error';
import { RATE_TABLE_2026_11_01 as TABLE } from './rate-tables/2026-11-01';
import type { RatingInput } from './rating-types';

const REFERENCE: RatingInput = {
  ratingDate: '2026-11-22',
  zip: '85142',
  drivers: [{ birthDate: '1991-06-15', yearsLicensed: 15, incidents: [] }],
  vehicle: { modelYear: 2019, bodyType: 'sedan' },
  priorInsurance: '1-to-3-years',
  coverage: packageCoverage(TABLE.states.AZ, 'liability'),
};

function rejection(input: RatingInput): string {
  try {
    rate(TABLE, input);
  } catch (error) {
    expect(error).toBeInstanceOf(RatingError);
    return (error as RatingError).code;
  }
  throw new Error('rated');
}

describe(rate.name, () => {
  it('prices the reference risk at the state starting rates, every factor 1.00', () => {
    const sut = rate(TABLE, REFERENCE);
    expect(sut).toMatchObject({ rateVersion: '2026-11-01', state: 'AZ', baseRateCents: 2900, perMileRateMills: 38 });
    expect(sut.breakdown[0]).toEqual({ factor: 'base-rate', base: 2900, perMile: 38 });
    expect(sut.breakdown.slice(1).every((line) => line.base === 0 && line.perMile === 0)).toBe(true);
  });

  it('lists the factors in their documented order, coverage lines only for coverage chosen', () => {
    const liability = rate(TABLE, REFERENCE).breakdown.map((l) => l.factor);
    expect(liability).toEqual(['base-rate', 'territory', 'driver-age', 'experience', 'incidents', 'vehicle-age', 'body-type', 'prior-insurance', 'liability']);
    const full = rate(TABLE, { ...REFERENCE, coverage: packageCoverage(TABLE.states.AZ, 'full') }).breakdown.map((l) => l.factor);
    expect(full.slice(9)).toEqual(['comprehensive', 'collision', 'uninsured-motorist', 'medical-payments', 'rental', 'roadside']);
  });

  it('shows a rate-limits line when the floor or the per-mile ceiling applies', () => {
    const cheap = rate(TABLE, { ...REFERENCE, zip: '85635', drivers: [{ birthDate: '1970-01-01', yearsLicensed: 30, incidents: [] }], priorInsurance: 'over-3-years' });
    expect(cheap.baseRateCents).toBe(TABLE.minimumBaseRateCents);
    expect(cheap.breakdown.at(-1)!.factor).toBe('rate-limits');
    const risky = rate(TABLE, {
      ...REFERENCE,
      zip: '85004',
      drivers: [{ birthDate: '2009-01-01', yearsLicensed: 0, incidents: [{ type: 'accidents', date: '2026-10-01' }, { type: 'accidents', date: '2026-10-02' }] }],
    });
    expect(risky.perMileRateMills).toBe(TABLE.maximumPerMileRateMills);
  });

  it('rates a car on its riskiest driver, column by column', () => {
    const teen = { birthDate: '2009-01-01', yearsLicensed: 1, incidents: [] };
    const alone = rate(TABLE, { ...REFERENCE, drivers: [teen] });
    const withParent = rate(TABLE, { ...REFERENCE, drivers: [REFERENCE.drivers[0], teen] });
    expect(withParent.baseRateCents).toBe(alone.baseRateCents);
    expect(withParent.perMileRateMills).toBe(alone.perMileRateMills);
  });

  it('ignores incidents older than three years and after the rating date', () => {
    const old = rate(TABLE, { ...REFERENCE, drivers: [{ ...REFERENCE.drivers[0], incidents: [{ type: 'accidents', date: '2023-11-21' }, { type: 'accidents', date: '2026-12-01' }] }] });
    expect(old.baseRateCents).toBe(2900);
    const recent = rate(TABLE, { ...REFERENCE, drivers: [{ ...REFERENCE.drivers[0], incidents: [{ type: 'accidents', date: '2023-11-22' }] }] });
    expect(recent.baseRateCents).toBe(Math.round(2900 * 1.3));
  });

  it.each([
    ['a ZIP we cannot place', { zip: '00000' }, 'ZIP_UNKNOWN'],
    ['a state without rates in the table', { zip: '10001' }, 'STATE_NOT_RATED'],
    ['no driver', { drivers: [] }, 'NO_DRIVER'],
    ['a driver under 16', { drivers: [{ birthDate: '2011-01-01', yearsLicensed: 0, incidents: [] }] }, 'DRIVER_TOO_YOUNG'],
    ['a birth date after the rating date', { drivers: [{ birthDate: '2027-01-01', yearsLicensed: 0, incidents: [] }] }, 'BIRTH_DATE_INVALID'],
    ['collision without comprehensive', { coverage: { ...REFERENCE.coverage, collisionDeductible: 500 as const } }, 'COLLISION_WITHOUT_COMPREHENSIVE'],
    ['Illinois without its compulsory uninsured motorist coverage', { zip: '60601' }, 'BELOW_STATE_MINIMUM'],
  ])('refuses %s', (_, change, code) => {
    expect(rejection({ ...REFERENCE, ...change } as RatingInput)).toBe(code);
  });
});

describe(territoryOf.name, () => {
  it.each([
    ['85004', 'urban'],
    ['85142', 'suburban'],
    ['86001', 'rural'],
    ['60601', 'urban'],
    ['60010', 'suburban'],
    ['97201', 'urban'],
    ['97501', 'rural'],
    ['19103', 'urban'],
    ['16801', 'rural'],
    ['78701', 'urban'],
    ['79101', 'rural'],
    ['77380', 'suburban'],
  ])('puts %s in a %s territory', (zip, expected) => {
    const state = { 8: 'AZ', 6: 'IL', 9: 'OR', 1: 'PA', 7: 'TX' }[Number(zip[0]) as 8 | 6 | 9 | 1 | 7];
    expect(territoryOf(TABLE.states[state], zip)).toBe(expected);
  });
});
