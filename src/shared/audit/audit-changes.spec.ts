import { isAuditChanges, termChanges, type AuditedTerms } from './audit-changes';

const terms: AuditedTerms = {
  coveragePackage: 'standard',
  coverage: {
    liability: '100/300/100',
    comprehensiveDeductible: 500,
    collisionDeductible: 500,
    uninsuredMotorist: null,
    medicalPayments: null,
    rental: null,
    roadside: false,
  },
  address: { city: 'Phoenix', state: 'AZ' },
  vehicles: [{ year: 2020, make: 'Honda', model: 'Civic' }],
  drivers: [{ firstName: 'Ana', lastName: 'Ruiz' }],
};

describe('termChanges', () => {
  it('names only what differs, as codes and amounts (the screen words them)', () => {
    const after: AuditedTerms = {
      ...terms,
      coveragePackage: 'full',
      coverage: { ...terms.coverage, collisionDeductible: 1000, roadside: true, personalInjuryProtection: null },
      vehicles: [...terms.vehicles, { year: 2022, make: 'Kia', model: 'Soul' }],
    };
    expect(termChanges(terms, after)).toEqual([
      { field: 'coveragePackage', before: 'standard', after: 'full' },
      { field: 'collisionDeductible', before: 500, after: 1000 },
      { field: 'roadside', before: false, after: true },
      { field: 'vehicles', before: '2020 Honda Civic', after: '2020 Honda Civic; 2022 Kia Soul' },
    ]);
    expect(termChanges(terms, { ...terms, address: { city: 'Portland', state: 'OR' } })).toEqual([
      { field: 'address', before: 'Phoenix, AZ', after: 'Portland, OR' },
    ]);
    expect(termChanges(terms, terms)).toEqual([]);
  });

  it('reads a stored value as changes only when every one names a known field', () => {
    expect(isAuditChanges([{ field: 'collisionDeductible', before: 500, after: 1000 }])).toBe(true);
    expect(isAuditChanges([{ field: 'something', before: 1, after: 2 }])).toBe(false);
    expect(isAuditChanges(null)).toBe(false);
  });
});
