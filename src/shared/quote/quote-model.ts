import type { Application, PurchaseStep } from './application-model';
import type { Coverage } from './coverage-model';
import { billableMilesOver } from '../miles/billable-miles';

/**
 * The quote as both sides see it: what the visitor answers on /quote, step by step, and the
 * price the server gives back. Enumerations follow spec §3 (Gender, AcvIncidentType).
 */
export const INCIDENT_TYPES = ['accidents', 'claims', 'violations'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Whether the driver is insured today, and for how long without a gap. */
export const PRIOR_INSURANCE = ['over-3-years', '1-to-3-years', 'under-1-year', 'lapsed', 'none'] as const;
export type PriorInsurance = (typeof PRIOR_INSURANCE)[number];

export const COVERAGE_PACKAGES = ['liability', 'standard', 'full'] as const;
export type CoveragePackage = (typeof COVERAGE_PACKAGES)[number];

/** DESIGN.md: expected miles per month is a whole number from 0 to 10,000. */
export const MAX_MILES_PER_MONTH = 10_000;
/** Only incidents of the last three years count. */
export const INCIDENT_LOOKBACK_YEARS = 3;
export const MAX_INCIDENTS = 10;
export const MIN_DRIVER_AGE = 16;
export const MAX_DRIVER_AGE = 110;
/** The model years we quote: the bundled catalog's last 25 years and next year's models. */
export const VEHICLE_YEARS_BACK = 25;

export interface QuoteVehicle {
  /** Given when the visitor entered a VIN; year and make then come from it. */
  vin?: string;
  year: number;
  make: string;
  model: string;
}

/** A car as people name it: "2019 Honda Civic". */
export function vehicleName(vehicle: Pick<QuoteVehicle, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

export interface QuoteDriver {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** Asked (spec §3), never a rating factor (docs/pricing.md). */
  gender: Gender;
  yearsLicensed: number;
}

export interface QuoteIncident {
  type: IncidentType;
  /** YYYY-MM-DD */
  date: string;
}

/** Everything /quote asks, each part present once its step has been answered. */
export interface QuoteAnswers {
  zip?: string;
  vehicle?: QuoteVehicle;
  driver?: QuoteDriver;
  priorInsurance?: PriorInsurance;
  /** Empty when the visitor has had none. */
  incidents?: QuoteIncident[];
  milesPerMonth?: number;
  email?: string;
}

/** The steps of /quote, in order, and the part of the answers each one fills. */
export const QUOTE_STEPS = ['zip', 'vehicle', 'driver', 'incidents', 'miles', 'email'] as const;
export type QuoteStep = (typeof QUOTE_STEPS)[number];

export interface BreakdownLine {
  factor: string;
  /** The first line: the state's starting rate; every later line: the change this factor made. */
  base: number;
  perMile: number;
}

export interface QuotePrice {
  rateVersion: string;
  state: string;
  baseRateCents: number;
  /** Tenths of a cent per mile. */
  perMileRateMills: number;
  dailyCapMiles: number;
  breakdown: BreakdownLine[];
}

/** One car's rates on a policy. */
export interface VehiclePrice {
  vehicle: QuoteVehicle;
  baseRateCents: number;
  perMileRateMills: number;
  breakdown: BreakdownLine[];
}

/** The whole policy's price: each car rated with every driver, base rates added up. */
export interface PolicyPrice {
  rateVersion: string;
  state: string;
  /** The month's base rate for all the cars: the first payment. */
  baseRateCents: number;
  vehicles: VehiclePrice[];
  dailyCapMiles: number;
}

export interface QuoteView {
  id: string;
  reference: string;
  status: 'open' | 'purchased' | 'abandoned';
  answers: QuoteAnswers;
  state?: string;
  coveragePackage: CoveragePackage;
  /** Present once the answers are enough to rate. */
  price?: QuotePrice;
  /** For the visitor's miles per month (or none yet). */
  monthlyEstimateCents?: number;
  /** The first step not yet answered (or 'email' when all are). */
  nextStep: QuoteStep;
  application: Application;
  /** Where the quote stands on the way to a policy. */
  purchaseStep: PurchaseStep;
  coverage?: Coverage;
  /** The whole policy's price, once the application is done. */
  policyPrice?: PolicyPrice;
  updatedAt: string;
}

/** The answers the rating engine needs; the miles and e-mail are not among them. */
export function isRatable(answers: QuoteAnswers): boolean {
  return Boolean(answers.zip && answers.vehicle && answers.driver && answers.priorInsurance && answers.incidents);
}

/** Which step a visitor resumes at. */
export function nextStepOf(answers: QuoteAnswers): QuoteStep {
  if (!answers.zip) return 'zip';
  if (!answers.vehicle) return 'vehicle';
  if (!answers.driver || !answers.priorInsurance) return 'driver';
  if (!answers.incidents) return 'incidents';
  if (answers.milesPerMonth === undefined) return 'miles';
  return 'email';
}

/** Base rate + per-mile rate × the month's miles, at most the daily cap on each of 30 days. */
export function monthlyEstimateCents(price: Pick<QuotePrice, 'baseRateCents' | 'perMileRateMills'>, milesPerMonth: number): number {
  const billable = billableMilesOver(30, milesPerMonth);
  return price.baseRateCents + Math.round((billable * price.perMileRateMills) / 10);
}
