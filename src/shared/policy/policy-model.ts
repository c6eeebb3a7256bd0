import type { DriverLicense } from '../quote/application-identification';
import type { Address, Relationship } from '../quote/application-model';
import type { Coverage } from '../quote/coverage-model';
import type { CoverageRejectionView } from '../quote/coverage-rejections';
import type { CoveragePackage, QuoteVehicle } from '../quote/quote-model';
import type { PolicyTransactionKind } from './timeline';

/**
 * A policy as its owner (and staff acting for them) sees it. A policy bought by staff waits for
 * the customer's own confirmation before it is bound and charged; one not renewed at its term's
 * end has expired (issue 26).
 */
export const POLICY_STATUSES = ['pending-confirmation', 'active', 'cancelled', 'expired'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export interface PolicyDriver {
  firstName: string;
  lastName: string;
  birthDate: string;
  /** Absent for the named insured. */
  relationship?: Relationship;
  /** Stored whole; every view masks the number (policies bound before issue 15 have none). */
  license?: DriverLicense;
}

export interface PolicyVehicle extends QuoteVehicle {
  /**
   * The car's number on the policy: given when it is added (0, 1, … in the order bought), kept
   * for its whole life on the policy whatever its place in the list, never given to another car
   * (a replacement is a new car, with a new number). Trips, readings, disputes, claims and
   * statement lines name the car by it (`vehicleIndex` in the API, `vehicle_index` in the tables).
   */
  vehicleIndex: number;
  perMileRateMills: number;
  baseRateCents: number;
}

/** A card as a policy shows it: never more of the number than its last four digits. */
export interface PolicyCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Which policy it is, what it insures and at what rate: the same on the stored row and in every view of it. */
export interface PolicyTerms {
  id: string;
  number: string;
  status: PolicyStatus;
  state: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** The day the current term started (the policy's start, or its last renewal's day) and the day it ends: cover ends at that day's start. */
  termStartDate: string;
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
}

export interface PolicyView extends PolicyTerms {
  soldBy?: { producerId: string; name: string };
  paymentMethod?: PolicyCard;
  cancellationDate?: string;
  /** Why it was cancelled: 'non-payment' offers reinstatement (issue 26); others as recorded. */
  cancellationReason?: string;
  /** Each time it was not in force between covered times (cancelled, then reinstated): ISO moments and their days. */
  coverGaps?: CoverGapView[];
  createdAt: string;
  boundAt?: string;
  /** The day the last change (endorsement) took effect: the documents are amended from it (issue 16). */
  amendedFrom?: string;
  /** Each coverage turned down in writing: who chose it, when, how, and when the named insured signed it (issue 26). */
  rejections?: CoverageRejectionView[];
  /** What is booked to take effect later (issue 26): the page and documents say "from December 1: …". */
  upcoming: UpcomingEvent[];
}

/** A lapse a reinstatement ended: cover ended at `from` (its day `fromDate`) and resumed at `to` (on `toDate`). */
export interface CoverGapView {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
}

/** An event on the policy's timeline booked to take effect after today. */
export interface UpcomingEvent {
  kind: PolicyTransactionKind;
  effectiveDate: string;
  /** The change (endorsement) it books, if it is one. */
  changeId: string | null;
  /** The month's base rate from then (a renewal's is priced on the rate table in force on its day). */
  baseRateCents: number;
}

/** A policy in a staff member's list of sales: whose it is and who sold it. */
/** A policy on the staff screen; `sharedVins`: its cars' VINs also insured on another customer's policy (issue 30, 10c). */
export type SoldPolicyView = PolicyView & { customerEmail: string; seller: string; sharedVins: string[] };

export const POLICY_DOCUMENTS = ['id-card', 'declarations', 'cancellation-notice'] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

/** Policies last six months and renew on their own. */
export const TERM_MONTHS = 6;
/**
 * After a cancellation, the car still takes trips and a final reading for the days it was
 * covered for this many days; the final statement is made after them.
 */
export const FINAL_MILES_DAYS = 3;

/** A policy starts today or on any day of the next 30. */
export const MAX_START_DAYS_AHEAD = 30;

/** The Terms and Conditions a customer agrees to when signing (the page's edition). */
export const TERMS_VERSION = '2026-11-01';

/** The statement day of the month: the start date's, at most the 28th so every month has it. */
export function billingDayOf(effectiveDate: string): number {
  return Math.min(Number(effectiveDate.slice(8, 10)), 28);
}
