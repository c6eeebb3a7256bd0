import { declineReason } from '../eligibility/underwriting';
import { packageCoverage } from './coverage-rules';
import { RATE_TABLE_2026_11_01 as TABLE } from './rate-tables/2026-11-01';
import { RATE_TABLE_2026_11_27 } from './rate-tables/2026-11-27';
import { rate, territoryOf } from './rating';
import { RatingError } from './rating-error';
import type { RatingInput } from './rating-types';

const REFERENCE: RatingInput = {
  ratingDate: '2026-11-22',
  zip: '85142',
  drivers: [{ birthDate: '1991-06-15', yearsLicensed: 15, incidents: [] }],
  vehicle: { modelYear: 2019, bodyType: 'sedan' },
  priorInsurance: '1-to-3-years',
  coverage: packageCoverage(TABLE.states.AZ, 'liability'),
};

function refusal(input: RatingInput): RatingError {
  try {
    rate(TABLE, input);
  } catch (error) {
    expect(error).toBeInstanceOf(RatingError);
    return error as RatingError;
  }
  throw new Error('rated');
}

const rejection = (input: RatingInput): string => refusal(input).code;

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
    const cheap = rate(TABLE, {
      ...REFERENCE,
      zip: '85635',
      drivers: [{ birthDate: '1970-01-01', yearsLicensed: 30, incidents: [] }],
      priorInsurance: 'over-3-years',
    });
    expect(cheap.baseRateCents).toBe(TABLE.minimumBaseRateCents);
    expect(cheap.breakdown.at(-1)!.factor).toBe('rate-limits');
    const risky = rate(TABLE, {
      ...REFERENCE,
      zip: '85004',
      drivers: [
        {
          birthDate: '2009-01-01',
          yearsLicensed: 0,
          incidents: [
            { type: 'accidents', date: '2026-10-01' },
            { type: 'accidents', date: '2026-10-02' },
          ],
        },
      ],
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
    const old = rate(TABLE, {
      ...REFERENCE,
      drivers: [
        {
          ...REFERENCE.drivers[0],
          incidents: [
            { type: 'accidents', date: '2023-11-21' },
            { type: 'accidents', date: '2026-12-01' },
          ],
        },
      ],
    });
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
    expect(rejection({ ...REFERENCE, ...change })).toBe(code);
  });

  const driver = REFERENCE.drivers[0];
  it.each([
    ['a rating date that is no day', { ratingDate: '2026-02-30' }, 'ratingDate'],
    ['years licensed below zero', { drivers: [{ ...driver, yearsLicensed: -1 }] }, 'drivers.0.yearsLicensed'],
    ['years licensed that are not a number', { drivers: [driver, { ...driver, yearsLicensed: Number.NaN }] }, 'drivers.1.yearsLicensed'],
    ['an unknown incident type', { drivers: [{ ...driver, incidents: [{ type: 'speeding', date: '2026-01-01' }] }] }, 'drivers.0.incidents.0.type'],
    ['an incident date that is no day', { drivers: [{ ...driver, incidents: [{ type: 'claims', date: '2026-13-01' }] }] }, 'drivers.0.incidents.0.date'],
    ['a model year after next year', { vehicle: { modelYear: 2028, bodyType: 'sedan' } }, 'vehicle.modelYear'],
    ['a model year that is not a whole number', { vehicle: { modelYear: 2019.5, bodyType: 'sedan' } }, 'vehicle.modelYear'],
    ['an unknown body type', { vehicle: { modelYear: 2019, bodyType: 'tank' } }, 'vehicle.bodyType'],
    ['a name the table inherits but does not list', { vehicle: { modelYear: 2019, bodyType: 'toString' } }, 'vehicle.bodyType'],
    ['an unknown insurance history', { priorInsurance: 'sometimes' }, 'priorInsurance'],
    ['no liability', { coverage: { ...REFERENCE.coverage, liability: null } }, 'coverage.liability'],
    ['an unknown deductible', { coverage: { ...REFERENCE.coverage, comprehensiveDeductible: 750 } }, 'coverage.comprehensiveDeductible'],
    ['an unknown rental limit', { coverage: { ...REFERENCE.coverage, rental: '10/100' } }, 'coverage.rental'],
    ['roadside that is not true or false', { coverage: { ...REFERENCE.coverage, roadside: 'yes' } }, 'coverage.roadside'],
  ])('refuses %s as invalid input, naming the field', (_, change, field) => {
    const sut = refusal({ ...REFERENCE, ...change } as unknown as RatingInput);
    expect({ code: sut.code, field: sut.field }).toEqual({ code: 'INPUT_INVALID', field });
  });

  it('names the driver whose birth date cannot be rated', () => {
    const sut = refusal({ ...REFERENCE, drivers: [driver, { ...driver, birthDate: '2015-01-01' }] });
    expect({ code: sut.code, field: sut.field }).toEqual({ code: 'DRIVER_TOO_YOUNG', field: 'drivers.1.birthDate' });
  });

  it("prices next year's model as a new car", () => {
    const sut = rate(TABLE, { ...REFERENCE, vehicle: { modelYear: 2027, bodyType: 'sedan' } });
    expect(sut.breakdown.find((l) => l.factor === 'vehicle-age')).toEqual({
      factor: 'vehicle-age',
      base: Math.round(2900 * 1.12) - 2900,
      perMile: Math.round(38 * 1.08) - 38,
    });
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

describe('Prices at the extremes (docs/pricing.md, "At the extremes")', () => {
  it('prices the cheapest cars at the base-rate floor and 2.6–3.0¢ a mile', () => {
    for (const zip of ['85635', '61801', '97501', '16801', '79101']) {
      const state = { 8: 'AZ', 6: 'IL', 9: 'OR', 1: 'PA', 7: 'TX' }[Number(zip[0]) as 8 | 6 | 9 | 1 | 7];
      const sut = rate(TABLE, {
        ...REFERENCE,
        zip,
        drivers: [{ birthDate: '1970-06-01', yearsLicensed: 30, incidents: [] }],
        vehicle: { modelYear: 2008, bodyType: 'minivan' },
        priorInsurance: 'over-3-years',
        coverage: packageCoverage(TABLE.states[state], 'liability'),
      });
      expect(sut.baseRateCents).toBe(2900);
      expect(sut.perMileRateMills).toBeGreaterThanOrEqual(26);
      expect(sut.perMileRateMills).toBeLessThanOrEqual(30);
    }
  });

  it('prices a new teenage driver in suburban Texas at $147.03 (Liability only) and $257.91 (Standard) plus 15¢', () => {
    const teen = {
      ...REFERENCE,
      zip: '75001',
      drivers: [{ birthDate: '2009-06-01', yearsLicensed: 0, incidents: [] }],
      vehicle: { modelYear: 2015, bodyType: 'sedan' as const },
      priorInsurance: 'none' as const,
    };
    const prices = (['liability', 'standard'] as const).map((pkg) => rate(TABLE, { ...teen, coverage: packageCoverage(TABLE.states.TX, pkg) }));
    expect(prices.map((p) => [p.baseRateCents, p.perMileRateMills])).toEqual([
      [14703, 150],
      [25791, 150],
    ]);
  });

  it('prices the dearest car the underwriting limits allow at $1,281.69 and 15¢', () => {
    const incidents = [...Array(2).fill({ type: 'accidents', date: '2026-05-01' }), ...Array(2).fill({ type: 'violations', date: '2026-05-01' })];
    const drivers = [{ birthDate: '2010-06-01', yearsLicensed: 0, incidents }];
    expect(declineReason(drivers, REFERENCE.ratingDate)).toBeUndefined();
    expect(declineReason([{ incidents: [...incidents, { type: 'claims', date: '2026-05-01' }] }], REFERENCE.ratingDate)).toBe('too-many-incidents');
    for (const zip of ['78701', '19103']) {
      const sut = rate(TABLE, {
        ...REFERENCE,
        zip,
        drivers,
        vehicle: { modelYear: 2027, bodyType: 'convertible' },
        priorInsurance: 'none',
        coverage: {
          liability: '250/500/250',
          comprehensiveDeductible: 250,
          collisionDeductible: 250,
          uninsuredMotorist: '100/300',
          medicalPayments: 10000,
          rental: '50/1500',
          roadside: true,
        },
      });
      expect([sut.baseRateCents, sut.perMileRateMills]).toEqual([128169, 150]);
    }
  });
});

describe('the multi-car discount', () => {
  // docs/pricing.md, "Several cars": example 1's driver with Standard cover, a 2021 sedan and a 2016 SUV.
  const household: Omit<RatingInput, 'vehicle'> = {
    ratingDate: '2026-11-27',
    zip: '85142',
    drivers: [{ birthDate: '1986-06-15', yearsLicensed: 20, incidents: [] }],
    priorInsurance: 'over-3-years',
    coverage: packageCoverage(RATE_TABLE_2026_11_27.states.AZ, 'standard'),
  };
  const sedan = { modelYear: 2021, bodyType: 'sedan' as const };
  const suv = { modelYear: 2016, bodyType: 'suv' as const };

  it("takes 15 % off each car's base rate when the policy insures two, as its own last line, and leaves the per-mile rate", () => {
    const alone = rate(RATE_TABLE_2026_11_27, { ...household, vehicle: sedan });
    expect(alone).toMatchObject({ rateVersion: '2026-11-27', baseRateCents: 4446, perMileRateMills: 56 });
    expect(alone.breakdown.map((l) => l.factor)).not.toContain('multi-car');
    const first = rate(RATE_TABLE_2026_11_27, { ...household, vehicle: sedan, carsOnPolicy: 2 });
    const second = rate(RATE_TABLE_2026_11_27, { ...household, vehicle: suv, carsOnPolicy: 2 });
    expect([first.baseRateCents, first.perMileRateMills, second.baseRateCents, second.perMileRateMills]).toEqual([3779, 56, 3659, 54]);
    expect(first.breakdown.at(-1)).toEqual({ factor: 'multi-car', base: -667, perMile: 0 });
    expect(second.breakdown.at(-1)).toEqual({ factor: 'multi-car', base: -646, perMile: 0 });
  });

  it('is not in the tables before 2026-11-27, so a policy sold on them keeps its prices', () => {
    const older = rate(TABLE, {
      ...household,
      ratingDate: '2026-11-22',
      coverage: packageCoverage(TABLE.states.AZ, 'standard'),
      vehicle: sedan,
      carsOnPolicy: 2,
    });
    expect(older.breakdown.map((l) => l.factor)).not.toContain('multi-car');
  });

  it.each([0, 1.5, -1, Number.NaN])('refuses %s cars on a policy', (carsOnPolicy) => {
    expect(() => rate(RATE_TABLE_2026_11_27, { ...household, vehicle: sedan, carsOnPolicy })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', field: 'carsOnPolicy' }),
    );
  });
});
