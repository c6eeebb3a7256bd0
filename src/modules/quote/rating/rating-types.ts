import type {
  Coverage,
  Deductible,
  LiabilityLimit,
  MedicalPaymentsLimit,
  PersonalInjuryProtectionLimit,
  CoverageQuestion,
  RejectableCoverage,
  RentalLimit,
  UninsuredMotoristLimit,
} from '../../../shared/quote/coverage-model';
import type { CoveragePackage, Gender, IncidentType, PriorInsurance } from '../../../shared/quote/quote-model';

export type { CoveragePackage, Gender, IncidentType, PriorInsurance };
export type {
  Coverage,
  CoverageQuestion,
  Deductible,
  LiabilityLimit,
  MedicalPaymentsLimit,
  PersonalInjuryProtectionLimit,
  RejectableCoverage,
  RentalLimit,
  UninsuredMotoristLimit,
};
export {
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  PERSONAL_INJURY_PROTECTION_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
} from '../../../shared/quote/coverage-model';

export const BODY_TYPES = ['sedan', 'coupe', 'hatchback', 'wagon', 'convertible', 'suv', 'pickup', 'minivan', 'van'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export interface RatingDriver {
  /** YYYY-MM-DD */
  birthDate: string;
  yearsLicensed: number;
  incidents: { type: IncidentType; date: string }[];
}

export interface RatingInput {
  /** YYYY-MM-DD: ages and the three-year incident look-back are counted from it. */
  ratingDate: string;
  zip: string;
  /** At least one. Each of the two rates is set by the driver riskiest for it. */
  drivers: RatingDriver[];
  vehicle: { modelYear: number; bodyType: BodyType };
  priorInsurance: PriorInsurance;
  coverage: Coverage;
  /** How many cars the policy insures (1 when absent): from 2, a table with `multiCar` discounts each of them. */
  carsOnPolicy?: number;
}

export interface BreakdownLine {
  factor: string;
  /** Line one: the state's starting rate (cents a month). Later lines: the change this factor made. */
  base: number;
  /** Likewise in tenths of a cent a mile. */
  perMile: number;
}

export interface RatedPrice {
  rateVersion: string;
  state: string;
  baseRateCents: number;
  perMileRateMills: number;
  breakdown: BreakdownLine[];
}

/** A multiplier for each of the two rates. */
export interface Factor {
  base: number;
  perMile: number;
}

/** A band of a numeric table: applies from `min` (inclusive) up to the next band's `min`. */
export interface Band extends Factor {
  min: number;
}

export type TerritoryClass = 'urban' | 'suburban' | 'rural';

export interface StateRates {
  /** Starting rates: liability at the state minimum for the reference risk (docs/pricing.md). */
  baseRateCents: number;
  perMileRateMills: number;
  /** The statutory minimum liability, for display: e.g. "25/50/15". */
  minimumLiability: string;
  /** Coverage the state requires beyond liability (null: none). */
  requiredUninsuredMotorist: UninsuredMotoristLimit | null;
  requiredMedicalPayments: MedicalPaymentsLimit | null;
  /**
   * Added in table 2026-11-25 (absent in older tables, read by `stateRulesOf`): the lowest
   * uninsured motorist limit the state allows when it is bought (Texas: its liability minimum).
   */
  lowestUninsuredMotorist?: UninsuredMotoristLimit;
  /** Personal injury protection where the state has it: its lowest limit, and whether it is compulsory (else rejectable). */
  personalInjuryProtection?: { minimum: PersonalInjuryProtectionLimit; required: boolean } | null;
  /** Questions the customer must answer in writing before the policy is bound (select/reject a coverage; from table 2026-11-25b also Pennsylvania's tort option and stacking; from 2026-11-25c the request for lower uninsured motorist limits in Illinois and Oregon, asked only while they are below liability: `questionsAsked`). */
  choices?: CoverageQuestion[];
  /** 3-digit ZIP prefix ranges ("850"–"853") by class; any other prefix of the state is suburban. */
  territories: { from: string; to: string; class: Exclude<TerritoryClass, 'suburban'> }[];
}

/** One version of the rates. Never edited once published: a change is a new version. */
export interface RateTable {
  version: string;
  /** YYYY-MM-DD */
  effectiveFrom: string;
  states: Record<string, StateRates>;
  territory: Record<TerritoryClass, Factor>;
  /** By age in years. */
  driverAge: Band[];
  /** By whole years licensed. */
  experience: Band[];
  /** Each incident of the last three years multiplies by its type's factor: the first, then each more. */
  incidents: Record<IncidentType, { first: Factor; each: Factor }>;
  /** By the car's age in model years (next year's model counts as 0). */
  vehicleAge: Band[];
  bodyType: Record<BodyType, Factor>;
  priorInsurance: Record<PriorInsurance, Factor>;
  liability: Record<LiabilityLimit, Factor>;
  comprehensive: Record<`${Deductible}`, Factor>;
  collision: Record<`${Deductible}`, Factor>;
  /** Partial: 30/60 is priced from table 2026-11-25 on; an option a table lacks cannot be rated. */
  uninsuredMotorist: Partial<Record<UninsuredMotoristLimit, Factor>>;
  medicalPayments: Record<`${MedicalPaymentsLimit}`, Factor>;
  /** From table 2026-11-25 on. */
  personalInjuryProtection?: Record<`${PersonalInjuryProtectionLimit}`, Factor>;
  rental: Record<RentalLimit, Factor>;
  roadside: Factor;
  /**
   * From table 2026-11-27 on (absent before: no discount): the factor of every car of a policy
   * that insures two or more, applied last, before the floors (docs/pricing.md, "Several cars").
   */
  multiCar?: Factor;
  /** The least we charge: a floor on the base rate, and bounds on the per-mile rate. */
  minimumBaseRateCents: number;
  minimumPerMileRateMills: number;
  maximumPerMileRateMills: number;
}
