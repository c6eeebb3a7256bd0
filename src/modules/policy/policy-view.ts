import { maskLicenseNumber } from '../../shared/drivers-license-formats';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { PolicyRow } from './policy.repository';

/** A policy as its owner (and staff) see it: no internal ids of payments or staff accounts, license numbers masked. */
export function policyView(row: PolicyRow): PolicyView {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    state: row.state,
    effectiveDate: row.effectiveDate,
    termStartDate: row.termStartDate,
    termEndDate: row.termEndDate,
    autoRenew: row.autoRenew,
    address: row.address,
    drivers: row.drivers.map((d) => (d.license ? { ...d, license: { ...d.license, number: maskLicenseNumber(d.license.number) } } : d)),
    vehicles: row.vehicles,
    coveragePackage: row.coveragePackage,
    coverage: row.coverage,
    rateVersion: row.rateVersion,
    baseRateCents: row.baseRateCents,
    billingDay: row.billingDay,
    ...(row.producerId && row.producerName ? { soldBy: { producerId: row.producerId, name: row.producerName } } : {}),
    ...(row.currentCard ? { paymentMethod: row.currentCard } : {}),
    ...(row.cancellationDate ? { cancellationDate: row.cancellationDate } : {}),
    ...(row.cancellationReason ? { cancellationReason: row.cancellationReason } : {}),
    ...(row.coverGaps?.length
      ? { coverGaps: row.coverGaps.map((gap) => ({ ...gap, from: new Date(gap.from).toISOString(), to: new Date(gap.to).toISOString() })) }
      : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.boundAt ? { boundAt: new Date(row.boundAt).toISOString() } : {}),
    ...(row.amendedFrom ? { amendedFrom: row.amendedFrom } : {}),
    upcoming: row.upcoming,
  };
}
