import { carNumbered } from '../../../shared/policy/policy-cars';
import { vehicleName } from '../../../shared/quote/quote-model';
import type { ChangeRates, PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { ChangeTerms } from './change-terms';
import type { PolicyChangeRow } from './policy-change.repository';

const ratesOf = (terms: ChangeTerms): ChangeRates => ({
  baseRateCents: terms.baseRateCents,
  state: terms.state,
  vehicles: terms.vehicles.map(({ vehicleIndex, year, make, model, perMileRateMills, baseRateCents }) => ({
    vehicleIndex,
    year,
    make,
    model,
    perMileRateMills,
    baseRateCents,
  })),
});

function summaryOf(row: PolicyChangeRow): PolicyChangeView['summary'] {
  const { request, before, after } = row;
  switch (request.kind) {
    case 'add-vehicle':
    case 'replace-vehicle':
      return { vehicle: vehicleName(request.vehicle!) };
    case 'remove-vehicle':
      return { vehicle: vehicleName(carNumbered(before.vehicles, request.vehicleIndex)!) };
    case 'add-driver':
      return { driver: `${request.driver!.firstName} ${request.driver!.lastName}` };
    case 'remove-driver': {
      const driver = before.drivers[request.driverIndex!];
      return { driver: `${driver.firstName} ${driver.lastName}` };
    }
    case 'address':
      return { city: after.address.city, state: after.state };
    case 'coverage':
      return { coveragePackage: after.coveragePackage };
  }
}

/** A change as the customer (and staff acting for them) see it: no staff ids, no rating facts. */
export function policyChangeView(row: PolicyChangeRow): PolicyChangeView {
  return {
    id: row.id,
    policyId: row.policyId,
    kind: row.kind,
    status: row.status,
    effectiveDate: row.effectiveDate,
    summary: summaryOf(row),
    before: ratesOf(row.before),
    after: ratesOf(row.after),
    proration: row.proration,
    proposedByStaff: row.proposedBy !== null,
    releasesAgentOfRecord: row.releasesProducerId !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.appliedAt ? { appliedAt: new Date(row.appliedAt).toISOString() } : {}),
  };
}
