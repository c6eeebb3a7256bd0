import { COVERAGE_PACKAGES } from '../../../shared/quote/quote-model';
import { coverageProblem, meetsStateRequirements, packageCoverage, stateMinimumLiability } from './coverage-rules';
import { rate } from './rating';
import { RATE_TABLE_2026_11_01 as TABLE } from './rate-tables/2026-11-01';

const STATES = Object.keys(TABLE.states);

describe(stateMinimumLiability.name, () => {
  it.each([
    ['AZ', '25/50/15'],
    ['IL', '25/50/20'],
    ['OR', '25/50/20'],
    ['PA', '15/30/5'],
    ['TX', '30/60/25'],
  ])('gives %s its statutory minimum, %s', (state, limits) => {
    expect(stateMinimumLiability(TABLE, state)).toBe(limits);
  });

  it('knows nothing of a state the table does not rate', () => {
    expect(stateMinimumLiability(TABLE, 'NY')).toBeUndefined();
    expect(stateMinimumLiability(TABLE, 'constructor')).toBeUndefined();
  });
});

describe(packageCoverage.name, () => {
  it.each(STATES)('starts every package in %s from coverage the state allows', (state) => {
    for (const pkg of COVERAGE_PACKAGES) expect(meetsStateRequirements(TABLE.states[state], packageCoverage(TABLE.states[state], pkg))).toBe(true);
  });

  it('makes Liability only the state minimum and what the state makes compulsory, nothing else', () => {
    expect(packageCoverage(TABLE.states.AZ, 'liability')).toEqual({
      liability: 'state-minimum',
      comprehensiveDeductible: null,
      collisionDeductible: null,
      uninsuredMotorist: null,
      medicalPayments: null,
      rental: null,
      roadside: false,
    });
    expect(packageCoverage(TABLE.states.OR, 'liability')).toMatchObject({ uninsuredMotorist: '25/50', medicalPayments: 10000 });
    expect(packageCoverage(TABLE.states.PA, 'liability')).toMatchObject({ uninsuredMotorist: null, medicalPayments: 5000 });
  });

  it('gives Standard and Full coverage their documented contents, never below the state', () => {
    expect(packageCoverage(TABLE.states.TX, 'standard')).toEqual({
      liability: '50/100/50',
      comprehensiveDeductible: 1000,
      collisionDeductible: 1000,
      uninsuredMotorist: '50/100',
      medicalPayments: 2500,
      rental: null,
      roadside: true,
    });
    expect(packageCoverage(TABLE.states.TX, 'full')).toEqual({
      liability: '100/300/100',
      comprehensiveDeductible: 500,
      collisionDeductible: 500,
      uninsuredMotorist: '100/300',
      medicalPayments: 5000,
      rental: '30/900',
      roadside: true,
    });
    expect(packageCoverage(TABLE.states.OR, 'standard').medicalPayments).toBe(10000);
  });

  it.each(STATES)('prices the packages in %s in order: Liability only ≤ Standard ≤ Full coverage', (state) => {
    const zip = { AZ: '85142', IL: '60010', OR: '97301', PA: '19003', TX: '75001' }[state]!;
    const prices = COVERAGE_PACKAGES.map((pkg) =>
      rate(TABLE, {
        ratingDate: '2026-11-22',
        zip,
        drivers: [{ birthDate: '1986-04-02', yearsLicensed: 20, incidents: [] }],
        vehicle: { modelYear: 2020, bodyType: 'suv' },
        priorInsurance: '1-to-3-years',
        coverage: packageCoverage(TABLE.states[state], pkg),
      }),
    );
    for (let i = 1; i < prices.length; i++) {
      expect(prices[i].baseRateCents).toBeGreaterThan(prices[i - 1].baseRateCents);
      expect(prices[i].perMileRateMills).toBeGreaterThanOrEqual(prices[i - 1].perMileRateMills);
    }
  });
});

describe(coverageProblem.name, () => {
  const minimum = packageCoverage(TABLE.states.AZ, 'liability');

  it('refuses collision without comprehensive', () => {
    expect(coverageProblem(TABLE.states.AZ, { ...minimum, collisionDeductible: 500 })?.code).toBe('COLLISION_WITHOUT_COMPREHENSIVE');
  });

  it('refuses less than the state makes compulsory, and accepts more', () => {
    expect(coverageProblem(TABLE.states.IL, minimum)?.code).toBe('BELOW_STATE_MINIMUM');
    expect(coverageProblem(TABLE.states.IL, { ...minimum, uninsuredMotorist: '100/300' })).toBeUndefined();
    expect(coverageProblem(TABLE.states.PA, { ...minimum, medicalPayments: 2500 })?.code).toBe('BELOW_STATE_MINIMUM');
    expect(coverageProblem(TABLE.states.PA, { ...minimum, medicalPayments: 10000 })).toBeUndefined();
  });
});
