import type { Address, Relationship } from '../quote/application-model';
import type { Coverage } from '../quote/coverage-model';
import type { CoveragePackage, QuoteVehicle } from '../quote/quote-model';

/**
 * A policy as its owner (and staff acting for them) sees it. A policy bought by staff waits for
 * the customer's own confirmation before it is bound and charged.
 */
export const POLICY_STATUSES = ['pending-confirmation', 'active', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export interface PolicyDriver {
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Absent for the named insured. */
  relationship?: Relationship;
}

export interface PolicyVehicle extends QuoteVehicle {
  perMileRateMills: number;
  baseRateCents: number;
}

export interface PolicyView {
  id: string;
  number: string;
  status: PolicyStatus;
  state: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  termEndDate: string;
  autoRenew: boolean;
  address: Address;
  drivers: PolicyDriver[];
  vehicles: PolicyVehicle[];
  coveragePackage: CoveragePackage;
  coverage: Coverage;
  rateVersion: string;
  /** The month's base rate for all the cars. */
  baseRateCents: number;
  billingDay: number;
  soldBy?: { producerId: string; name: string };
  paymentMethod?: { brand: string; last4: string; expMonth: number; expYear: number };
  cancellationDate?: string;
  createdAt: string;
  boundAt?: string;
}

export const POLICY_DOCUMENTS = ['id-card', 'declarations'] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

/** Policies last six months and renew on their own. */
export const TERM_MONTHS = 6;
/** A policy starts today or on any day of the next 30. */
export const MAX_START_DAYS_AHEAD = 30;
