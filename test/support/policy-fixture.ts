import type { PolicyView } from '../../src/shared/policy/policy-model';
import type { Coverage } from '../../src/shared/quote/coverage-model';

/** The full package's coverage, as a quote's coverage page sends it and a policy holds it. */
export const FULL_COVERAGE: Coverage = {
  liability: '100/300/100',
  comprehensiveDeductible: 500,
  collisionDeductible: 1000,
  uninsuredMotorist: '100/300',
  medicalPayments: 5000,
  rental: '30/900',
  roadside: true,
};

/** A two-car, two-driver policy sold by an agent, for documents and pages (license numbers masked, as policyView gives them). */
export const SAMPLE_POLICY: PolicyView = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'MP-AZ-1000042',
  status: 'active',
  state: 'AZ',
  effectiveDate: '2026-12-01',
  termStartDate: '2026-12-01',
  termEndDate: '2027-06-01',
  autoRenew: true,
  address: { line1: '120 W Washington St', line2: 'Apt 4', city: 'Phoenix', state: 'AZ', zip: '85004' },
  drivers: [
    { firstName: 'Ana', lastName: 'García', birthDate: '1990-06-15', license: { state: 'AZ', number: '••••5678' } },
    { firstName: 'Luis', lastName: 'García', birthDate: '1986-02-20', relationship: 'spouse', license: { state: 'TX', number: '••••4321' } },
  ],
  vehicles: [
    { vehicleIndex: 0, year: 2019, make: 'Honda', model: 'Civic', vin: '2HGFC2F50KH500000', baseRateCents: 6831, perMileRateMills: 83 },
    { vehicleIndex: 1, year: 2016, make: 'Toyota', model: 'RAV4', vin: '2T3BFREV3GW000001', baseRateCents: 6613, perMileRateMills: 80 },
  ],
  coveragePackage: 'full',
  coverage: FULL_COVERAGE,
  rateVersion: '2026-11-01',
  baseRateCents: 13444,
  billingDay: 1,
  soldBy: { producerId: 'MTR-1001', name: 'Dana Reyes' },
  createdAt: '2026-11-22T10:00:00.000Z',
  upcoming: [],
};

export const SAMPLE_LEGAL = { agency: 'Meterly Insurance Services, LLC', insurer: 'Harborline Casualty Company', insurerNaic: '10432' };
