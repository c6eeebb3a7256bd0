import { SAMPLE_POLICY } from '../../../../test/support/policy-fixture';
import { pricingInput, requestedTerms, sameTerms, type ChangeTerms } from './change-terms';
import { PolicyChangeException } from './policy-change.exception';

const current: ChangeTerms = {
  ...SAMPLE_POLICY,
  basis: {
    priorInsurance: 'over-3-years',
    drivers: [
      { birthDate: '1990-06-15', yearsLicensed: 15, incidents: [] },
      { birthDate: '1986-02-20', yearsLicensed: 20, incidents: [{ type: 'violations', date: '2025-01-02' }] },
    ],
  },
};
const day = '2026-12-10';
const car = { vin: '1hgcm82633a004352', year: 2003, make: 'Honda', model: 'Accord' };

describe(requestedTerms.name, () => {
  it('adds a car at the end and replaces one in place, keeping the others (without their old rates)', () => {
    const added = requestedTerms(current, { kind: 'add-vehicle', effectiveDate: day, vehicle: car });
    expect(added.vehicles.map((v) => v.model)).toEqual(['Civic', 'RAV4', 'Accord']);
    expect(added.vehicles[2].vin).toBe('1HGCM82633A004352');
    expect(added.vehicles[0]).not.toHaveProperty('perMileRateMills');
    const replaced = requestedTerms(current, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 0, vehicle: car });
    expect(replaced.vehicles.map((v) => v.model)).toEqual(['Accord', 'RAV4']);
  });

  it('removes only the car listed last, never the only one, and nothing not on the policy', () => {
    expect(requestedTerms(current, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 1 }).vehicles).toHaveLength(1);
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as PolicyChangeException).code;
      }
    };
    expect(code(() => requestedTerms(current, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 0 }))).toBe('CHANGE_VEHICLE_NOT_LAST');
    expect(code(() => requestedTerms(current, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 2, vehicle: car }))).toBe('CHANGE_VEHICLE_INVALID');
    const one = { ...current, vehicles: current.vehicles.slice(0, 1) };
    expect(code(() => requestedTerms(one, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 0 }))).toBe('CHANGE_VEHICLE_INVALID');
    expect(code(() => requestedTerms(current, { kind: 'remove-driver', effectiveDate: day, driverIndex: 0 }))).toBe('CHANGE_DRIVER_INVALID');
  });

  it("adds and removes a driver with their rating facts, which the pricing reads in the policy's order", () => {
    const driver = {
      firstName: ' Sofía ',
      lastName: 'García',
      birthDate: '2008-03-01',
      relationship: 'child' as const,
      yearsLicensed: 1,
      license: { state: 'AZ', number: 'd12345699' },
      incidents: [],
    };
    const added = requestedTerms(current, { kind: 'add-driver', effectiveDate: day, driver });
    expect(added.drivers[2]).toEqual({
      firstName: 'Sofía',
      lastName: 'García',
      birthDate: '2008-03-01',
      relationship: 'child',
      license: { state: 'AZ', number: 'D12345699' },
    });
    const { answers, application } = pricingInput(added);
    expect(answers).toMatchObject({ zip: '85004', driver: { birthDate: '1990-06-15', yearsLicensed: 15 }, incidents: [], priorInsurance: 'over-3-years' });
    expect(application.drivers!.map((d) => [d.birthDate, d.yearsLicensed, d.incidents.length])).toEqual([
      ['1986-02-20', 20, 1],
      ['2008-03-01', 1, 0],
    ]);
    const removed = requestedTerms(current, { kind: 'remove-driver', effectiveDate: day, driverIndex: 1 });
    expect(removed.drivers).toHaveLength(1);
    expect(removed.basis.drivers).toHaveLength(1);
  });

  it('knows a change that changes nothing, whatever order its keys come in', () => {
    const coverage = Object.fromEntries(Object.entries(current.coverage).reverse()) as ChangeTerms['coverage'];
    const same = requestedTerms(current, { kind: 'coverage', effectiveDate: day, coveragePackage: current.coveragePackage, coverage });
    expect(sameTerms(same, current)).toBe(true);
    const more = requestedTerms(current, { kind: 'coverage', effectiveDate: day, coveragePackage: 'full', coverage: { ...coverage, roadside: false } });
    expect(sameTerms(more, current)).toBe(false);
  });
});
