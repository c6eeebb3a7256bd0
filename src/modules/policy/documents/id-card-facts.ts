import { addDays } from '../../../shared/dates/iso-day';
import { formatDay } from '../../../shared/format/money';
import { vehicleName } from '../../../shared/quote/quote-model';
import { liabilityLimits } from './id-card';
import { coverBegins, insuredName, type DocumentInput } from './policy-documents';
import type { Locale } from '../../../shared/locale';
import type { ProofOfInsuranceFacts } from '../../../shared/policy/proof-link-model';

/**
 * What the ID card says (id-card.ts, `cardRows`), as facts for a page in `locale` (issue 27's
 * share-proof link): the insurer, the policy number and its dates, the named insured and address,
 * the car or cars with their VINs, the liability limits and the agency. Nothing the card does not
 * print: no coverage beyond liability, no price, no driver but the named insured, no e-mail.
 * `vehicleIndex` null: every car.
 */
export function idCardFacts(input: DocumentInput & { minimumLiability: string }, vehicleIndex: number | null, locale: Locale): ProofOfInsuranceFacts {
  const { policy, legal } = input;
  const a = policy.address;
  const lastDay = (vehicle: number): { date: string; leaving: boolean } => {
    if (policy.cancellationDate) return { date: formatDay(policy.cancellationDate, locale), leaving: false };
    const leaving = input.coming?.find((change) => change.carsLeaving.includes(vehicle));
    return leaving
      ? { date: formatDay(addDays(leaving.effectiveDate, -1), locale), leaving: true }
      : { date: formatDay(policy.termEndDate, locale), leaving: false };
  };
  return {
    insurer: legal.insurer,
    insurerNaic: legal.insurerNaic,
    agency: legal.agency,
    policyNumber: policy.number,
    state: policy.state,
    effective: policy.termStartDate === policy.effectiveDate ? coverBegins(policy, locale) : formatDay(policy.termStartDate, locale),
    insured: insuredName(policy),
    address: [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', '),
    liability: liabilityLimits(policy, input.minimumLiability),
    vehicles: policy.vehicles
      .filter((v) => vehicleIndex === null || v.vehicleIndex === vehicleIndex)
      .map((v) => ({ vehicleIndex: v.vehicleIndex, name: vehicleName(v), vin: v.vin ?? null, expires: lastDay(v.vehicleIndex) })),
  };
}
