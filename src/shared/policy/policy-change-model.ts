import type { DriverLicense } from '../quote/application-identification';
import type { Address, Relationship } from '../quote/application-model';
import type { Coverage } from '../quote/coverage-model';
import type { CoveragePackage, QuoteIncident, QuoteVehicle } from '../quote/quote-model';

/**
 * A change to an active policy (an endorsement): priced first, then confirmed by the customer
 * (staff acting for them may price one; only the customer confirms it, as with a purchase).
 */
export const POLICY_CHANGE_KINDS = ['add-vehicle', 'replace-vehicle', 'remove-vehicle', 'add-driver', 'remove-driver', 'address', 'coverage'] as const;
export type PolicyChangeKind = (typeof POLICY_CHANGE_KINDS)[number];

/**
 * priced: waiting for the customer; applied: booked, in force from its date; superseded: another
 * change landed first, or its date passed; voided: booked, but the policy was cancelled before its date.
 */
export const POLICY_CHANGE_STATUSES = ['priced', 'applied', 'superseded', 'voided'] as const;
export type PolicyChangeStatus = (typeof POLICY_CHANGE_STATUSES)[number];

export interface NewDriverDetails {
  firstName: string;
  lastName: string;
  birthDate: string;
  relationship: Relationship;
  yearsLicensed: number;
  license: DriverLicense;
  incidents: QuoteIncident[];
}

/** What the customer asks to change: one kind per change. */
export interface PolicyChangeRequest {
  kind: PolicyChangeKind;
  /** YYYY-MM-DD in the policy's state: today at the earliest, the current billing period's last day at the latest. */
  effectiveDate: string;
  /** add-vehicle, replace-vehicle: the car, with its VIN. */
  vehicle?: QuoteVehicle;
  /** replace-vehicle, remove-vehicle: which car (its number on the policy, `PolicyVehicle.vehicleIndex`, not its place in the list). */
  vehicleIndex?: number;
  /** add-driver. */
  driver?: NewDriverDetails;
  /** remove-driver: which driver (never the first, the named insured). */
  driverIndex?: number;
  /** address: the new garaging address (its state may differ). */
  address?: Omit<Address, 'state'> & { state?: string };
  /** coverage: the package it starts from and the coverage chosen. */
  coveragePackage?: CoveragePackage;
  coverage?: Coverage;
}

/** One side of a change's price: the month's base rate and each car's per-mile rate. */
export interface ChangeRates {
  baseRateCents: number;
  /** Each car with its number on the policy: a car replaced or added has a new one. */
  vehicles: { vehicleIndex: number; year: number; make: string; model: string; perMileRateMills: number; baseRateCents: number }[];
  state: string;
}

/** The base rate difference for the rest of the billing period the change falls in, prorated to the day. */
export interface ChangeProration {
  /** The billing period's days (a bridge to a new billing day: the month's). */
  periodDays: number;
  /** Days from the effective date to the period's last day, both counted. */
  days: number;
  from: string;
  to: string;
  /** Positive: charged on the next statement; negative: given back on it. */
  amountCents: number;
}

export interface PolicyChangeView {
  id: string;
  policyId: string;
  kind: PolicyChangeKind;
  status: PolicyChangeStatus;
  effectiveDate: string;
  /** What changes, in words the client builds from it: a car's name, a driver's name, a city. */
  summary: { vehicle?: string; driver?: string; city?: string; state?: string; coveragePackage?: CoveragePackage };
  before: ChangeRates;
  after: ChangeRates;
  proration: ChangeProration;
  /** Staff priced it for the customer, who must confirm it. */
  proposedByStaff: boolean;
  /**
   * Confirming it moves the policy to a state where its agent of record holds no licence: the
   * policy passes to the agency (no agent of record), as a producer may not stay of record there.
   */
  releasesAgentOfRecord: boolean;
  createdAt: string;
  appliedAt?: string;
}

/** The earliest and latest days a change may take effect (the policy's state's days). */
export interface ChangeWindow {
  earliest: string;
  latest: string;
}
