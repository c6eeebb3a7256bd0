import { addMonths } from '../../shared/dates/iso-day';
import { billingDayOf, TERM_MONTHS, TERMS_VERSION, type PolicyDriver, type PolicyStatus } from '../../shared/policy/policy-model';
import { licenseOf } from '../../shared/quote/application-identification';
import type { PolicyPrice, QuoteDriver } from '../../shared/quote/quote-model';
import type { OwnedQuote } from '../quote';
import type { NewPolicy } from './policy.repository';

export interface Issue {
  status: PolicyStatus;
  effectiveDate: string;
  producerId: string | null;
  staffUserId: string | null;
  paymentMethodId: string | null;
  firstChargeId: string | null;
  signature: { name: string; at: Date } | null;
  boundAt: Date | null;
}

/** The policy a priced, complete quote becomes: its people, cars, coverage and rates, for six months. */
export function policyFromQuote(quote: OwnedQuote, price: PolicyPrice, issue: Issue): NewPolicy {
  const named = quote.answers.driver!;
  const licensed = (d: QuoteDriver) => {
    const license = licenseOf(d, quote.application);
    return { firstName: d.firstName, lastName: d.lastName, birthDate: d.birthDate, ...(license ? { license } : {}) };
  };
  const drivers: PolicyDriver[] = [licensed(named), ...(quote.application.drivers ?? []).map((d) => ({ ...licensed(d), relationship: d.relationship }))];
  return {
    quoteId: quote.id,
    userId: quote.userId,
    status: issue.status,
    state: price.state,
    locale: quote.locale,
    effectiveDate: issue.effectiveDate,
    termEndDate: addMonths(issue.effectiveDate, TERM_MONTHS),
    autoRenew: true,
    address: quote.application.address!,
    drivers,
    // Each car's number on the policy, for its life on it (policy-cars.ts): 0, 1, … in the order bought.
    vehicles: price.vehicles.map((v, vehicleIndex) => ({ ...v.vehicle, vehicleIndex, baseRateCents: v.baseRateCents, perMileRateMills: v.perMileRateMills })),
    coveragePackage: quote.coveragePackage,
    coverage: quote.coverage!,
    rateVersion: price.rateVersion,
    baseRateCents: price.baseRateCents,
    producerId: issue.producerId ?? quote.producerId,
    staffUserId: issue.staffUserId ?? quote.staffUserId,
    paymentMethodId: issue.paymentMethodId,
    firstChargeId: issue.firstChargeId,
    signatureName: issue.signature?.name ?? null,
    signedAt: issue.signature?.at ?? null,
    termsVersion: TERMS_VERSION,
    billingDay: billingDayOf(issue.effectiveDate),
    boundAt: issue.boundAt,
  };
}
