import { identificationComplete, type Identification } from './application-identification';
import type { PriorInsurance, QuoteAnswers, QuoteDriver, QuoteIncident, QuoteVehicle } from './quote-model';

/**
 * The application (/quote/application): what the quote did not ask and a policy needs. The
 * first driver and car are the quote's; the application adds the household's other drivers and
 * cars (up to four of each in all), the address, every car's VIN and every driver's license
 * (application-identification.ts), and the insurance history.
 */
export const MAX_DRIVERS = 4;
export const MAX_VEHICLES = 4;

export const RELATIONSHIPS = ['spouse', 'partner', 'child', 'parent', 'sibling', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  /** The quote's state; the address must be in it. */
  state: string;
  /** The quote's ZIP. */
  zip: string;
}

export interface AdditionalDriver extends QuoteDriver {
  relationship: Relationship;
  incidents: QuoteIncident[];
}

export interface InsuranceHistory {
  priorInsurance: PriorInsurance;
  /** The insurer today, when insured (for the switch letter). */
  currentCarrier?: string;
}

export interface Application {
  address?: Address;
  /** The other drivers of the household; empty when there are none. */
  drivers?: AdditionalDriver[];
  /** The other cars; empty when there are none. */
  vehicles?: QuoteVehicle[];
  /** The drivers' licenses (the VINs are on the cars). */
  identification?: Identification;
  history?: InsuranceHistory;
}

/** The sections of /quote/application, in order. */
export const APPLICATION_SECTIONS = ['address', 'drivers', 'vehicles', 'identification', 'history'] as const;
export type ApplicationSection = (typeof APPLICATION_SECTIONS)[number];

/**
 * The first section not done. The identification is done when every car and driver has what it
 * asks, so adding a driver or a car (or a quote saved before it existed) brings it back.
 */
export function nextApplicationSection(application: Application, answers: QuoteAnswers): ApplicationSection | undefined {
  return APPLICATION_SECTIONS.find((section) =>
    section === 'identification' ? !identificationComplete(answers, application) : application[section] === undefined,
  );
}

/**
 * Where a quote stands on the way to a policy: the first step not done. Each page of the
 * purchase is reached only when the steps before it are done (the API refuses with 409 too).
 */
export const PURCHASE_STEPS = ['quote', 'application', 'products', 'coverage', 'payment', 'purchased'] as const;
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];

export function stepAtOrAfter(current: PurchaseStep, wanted: PurchaseStep): boolean {
  return PURCHASE_STEPS.indexOf(current) >= PURCHASE_STEPS.indexOf(wanted);
}
