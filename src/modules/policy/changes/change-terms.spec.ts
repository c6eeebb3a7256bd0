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

/** The next car number: cars 0 and 1 on the policy, and a car 2 removed before. */
const next = 3;
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as PolicyChangeException).code;
  }
};
const numbers = (terms: { vehicles: { vehicleIndex: number; model: string }[] }) => terms.vehicles.map((v) => [v.vehicleIndex, v.model]);

describe(requestedTerms.name, () => {
  it('adds a car at the end and replaces one in place, each a new car with a new number; the others keep theirs (without their old rates)', () => {
    const added = requestedTerms(current, { kind: 'add-vehicle', effectiveDate: day, vehicle: car }, next);
    expect(numbers(added)).toEqual([
      [0, 'Civic'],
      [1, 'RAV4'],
      [3, 'Accord'],
    ]);
    expect(added.vehicles[2].vin).toBe('1HGCM82633A004352');
    expect(added.vehicles[0]).not.toHaveProperty('perMileRateMills');
    const replaced = requestedTerms(current, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 0, vehicle: car }, next);
    expect(numbers(replaced)).toEqual([
      [3, 'Accord'],
      [1, 'RAV4'],
    ]);
  });

  it('removes any car by its number, the first one too, and the others keep their numbers', () => {
    expect(numbers(requestedTerms(current, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 0 }, next))).toEqual([[1, 'RAV4']]);
    expect(numbers(requestedTerms(current, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 1 }, next))).toEqual([[0, 'Civic']]);
    // After the Civic left, the RAV4 is listed first and still car 1: car 0 is no longer on the policy.
    const rav4Only = { ...current, vehicles: current.vehicles.slice(1) };
    expect(code(() => requestedTerms(rav4Only, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 0, vehicle: car }, next))).toBe(
      'CHANGE_VEHICLE_INVALID',
    );
    expect(numbers(requestedTerms(rav4Only, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 1, vehicle: car }, next))).toEqual([[3, 'Accord']]);
  });

  it('never removes the only car, nor a car not on the policy; at most four cars', () => {
    expect(code(() => requestedTerms(current, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 2, vehicle: car }, next))).toBe(
      'CHANGE_VEHICLE_INVALID',
    );
    expect(code(() => requestedTerms(current, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 2 }, next))).toBe('CHANGE_VEHICLE_INVALID');
    const one = { ...current, vehicles: current.vehicles.slice(1) };
    expect(code(() => requestedTerms(one, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 1 }, next))).toBe('CHANGE_VEHICLE_ONLY');
    const four = { ...current, vehicles: [0, 1, 3, 4].map((vehicleIndex) => ({ ...current.vehicles[0], vehicleIndex })) };
    expect(code(() => requestedTerms(four, { kind: 'add-vehicle', effectiveDate: day, vehicle: car }, 5))).toBe('CHANGE_LIMIT_REACHED');
    expect(requestedTerms(four, { kind: 'remove-vehicle', effectiveDate: day, vehicleIndex: 3 }, 5).vehicles.map((v) => v.vehicleIndex)).toEqual([0, 1, 4]);
    expect(code(() => requestedTerms(current, { kind: 'remove-driver', effectiveDate: day, driverIndex: 0 }, next))).toBe('CHANGE_DRIVER_INVALID');
  });

  it('replacing a car with the same car changes nothing', () => {
    const same = requestedTerms(current, { kind: 'replace-vehicle', effectiveDate: day, vehicleIndex: 1, vehicle: current.vehicles[1] }, next);
    expect(sameTerms(same, current)).toBe(true);
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
    const added = requestedTerms(current, { kind: 'add-driver', effectiveDate: day, driver }, next);
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
    const removed = requestedTerms(current, { kind: 'remove-driver', effectiveDate: day, driverIndex: 1 }, next);
    expect(removed.drivers).toHaveLength(1);
    expect(removed.basis.drivers).toHaveLength(1);
  });

  it('knows a change that changes nothing, whatever order its keys come in', () => {
    const coverage = Object.fromEntries(Object.entries(current.coverage).reverse()) as ChangeTerms['coverage'];
    const same = requestedTerms(current, { kind: 'coverage', effectiveDate: day, coveragePackage: current.coveragePackage, coverage }, next);
    expect(sameTerms(same, current)).toBe(true);
    const more = requestedTerms(current, { kind: 'coverage', effectiveDate: day, coveragePackage: 'full', coverage: { ...coverage, roadside: false } }, next);
    expect(sameTerms(more, current)).toBe(false);
  });
});
