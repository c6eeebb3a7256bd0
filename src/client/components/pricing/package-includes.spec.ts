import { packageIncludes } from './package-includes';
import type { Coverage } from '../../../shared/quote/coverage-model';

const standard: Coverage = {
  liability: '50/100/50',
  comprehensiveDeductible: 1000,
  collisionDeductible: 1000,
  uninsuredMotorist: '50/100',
  medicalPayments: 2500,
  personalInjuryProtection: null,
  rental: null,
  roadside: true,
};

describe(packageIncludes.name, () => {
  it('names medical payments where the package has them (Arizona)', () => {
    expect(packageIncludes(standard, { minimumLiability: '25/50/15' }).map((line) => line.key)).toEqual([
      'liability',
      'physicalDamage',
      'uninsuredMotorist',
      'medicalPayments',
      'roadside',
    ]);
  });

  it('names personal injury protection, not medical payments, where the package carries PIP instead (Texas)', () => {
    const texas = { ...standard, uninsuredMotorist: '50/100' as const, medicalPayments: null, personalInjuryProtection: 2500 as const };
    const lines = packageIncludes(texas, { minimumLiability: '30/60/25' });
    expect(lines.map((line) => line.key)).not.toContain('medicalPayments');
    expect(lines).toContainEqual({ key: 'pip', values: { amount: 2500 } });
  });

  it("says the state's own minimum limits, no cover for the car itself, and what the state makes compulsory (Oregon's PIP)", () => {
    const oregon: Coverage = {
      ...standard,
      liability: 'state-minimum',
      comprehensiveDeductible: null,
      collisionDeductible: null,
      medicalPayments: null,
      personalInjuryProtection: 15000,
      uninsuredMotorist: '25/50',
      roadside: false,
    };
    expect(packageIncludes(oregon, { minimumLiability: '25/50/20' })).toEqual([
      { key: 'liabilityMinimum', values: { limits: '25/50/20' } },
      { key: 'noPhysicalDamage' },
      { key: 'uninsuredMotorist', values: { limits: '25/50' } },
      { key: 'pip', values: { amount: 15000 } },
    ]);
  });

  it('names a rental car by its daily amount and comprehensive alone when there is no collision', () => {
    const lines = packageIncludes({ ...standard, collisionDeductible: null, rental: '30/900' }, { minimumLiability: '25/50/15' });
    expect(lines).toContainEqual({ key: 'comprehensive', values: { amount: 1000 } });
    expect(lines).toContainEqual({ key: 'rental', values: { amount: 30 } });
  });
});
