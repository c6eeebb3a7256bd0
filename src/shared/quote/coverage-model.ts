/** The coverages a policy can have and their options: shared by the engine and the coverage page. */

/** Liability limits, lowest first: bodily injury per person / per accident / property, in $1,000s. */
export const LIABILITY_LIMITS = ['state-minimum', '50/100/50', '100/300/100', '250/500/250'] as const;
export type LiabilityLimit = (typeof LIABILITY_LIMITS)[number];

/** Deductibles, highest first (the cheapest coverage first). */
export const DEDUCTIBLES = [2000, 1000, 500, 250] as const;
export type Deductible = (typeof DEDUCTIBLES)[number];

export const UNINSURED_MOTORIST_LIMITS = ['25/50', '50/100', '100/300'] as const;
export type UninsuredMotoristLimit = (typeof UNINSURED_MOTORIST_LIMITS)[number];

export const MEDICAL_PAYMENTS_LIMITS = [1000, 2500, 5000, 10000] as const;
export type MedicalPaymentsLimit = (typeof MEDICAL_PAYMENTS_LIMITS)[number];

/** Rental reimbursement: per day / per claim, in dollars. */
export const RENTAL_LIMITS = ['30/900', '50/1500'] as const;
export type RentalLimit = (typeof RENTAL_LIMITS)[number];

/** What the policy covers. `null` is "not covered". */
export interface Coverage {
  liability: LiabilityLimit;
  comprehensiveDeductible: Deductible | null;
  /** Collision needs comprehensive. */
  collisionDeductible: Deductible | null;
  uninsuredMotorist: UninsuredMotoristLimit | null;
  medicalPayments: MedicalPaymentsLimit | null;
  rental: RentalLimit | null;
  roadside: boolean;
}

/** What a state requires of every policy, for the coverage page. */
export interface StateRules {
  state: string;
  /** The statutory minimum liability, e.g. "25/50/15". */
  minimumLiability: string;
  requiredUninsuredMotorist: UninsuredMotoristLimit | null;
  requiredMedicalPayments: MedicalPaymentsLimit | null;
}
