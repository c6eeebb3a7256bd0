/** The coverages a policy can have and their options: shared by the engine and the coverage page. */

/** Liability limits, lowest first: bodily injury per person / per accident / property, in $1,000s. */
export const LIABILITY_LIMITS = ['state-minimum', '50/100/50', '100/300/100', '250/500/250'] as const;
export type LiabilityLimit = (typeof LIABILITY_LIMITS)[number];

/** Deductibles, highest first (the cheapest coverage first). */
export const DEDUCTIBLES = [2000, 1000, 500, 250] as const;
export type Deductible = (typeof DEDUCTIBLES)[number];

/** Per person / per accident, in $1,000s. 30/60 is Texas' minimum (a state offers none below its own). */
export const UNINSURED_MOTORIST_LIMITS = ['25/50', '30/60', '50/100', '100/300'] as const;
export type UninsuredMotoristLimit = (typeof UNINSURED_MOTORIST_LIMITS)[number];

export const MEDICAL_PAYMENTS_LIMITS = [1000, 2500, 5000, 10000] as const;
export type MedicalPaymentsLimit = (typeof MEDICAL_PAYMENTS_LIMITS)[number];

/** Personal injury protection per person, in dollars: sold only where a state has it (Oregon, Texas). */
export const PERSONAL_INJURY_PROTECTION_LIMITS = [2500, 5000, 10000, 15000, 25000] as const;
export type PersonalInjuryProtectionLimit = (typeof PERSONAL_INJURY_PROTECTION_LIMITS)[number];

/** Rental reimbursement: per day / per claim, in dollars. */
export const RENTAL_LIMITS = ['30/900', '50/1500'] as const;
export type RentalLimit = (typeof RENTAL_LIMITS)[number];

/** Coverages some states let the customer turn down, but only by a choice made in writing. */
export const REJECTABLE_COVERAGES = ['uninsuredMotorist', 'personalInjuryProtection'] as const;
export type RejectableCoverage = (typeof REJECTABLE_COVERAGES)[number];
export const COVERAGE_CHOICES = ['select', 'reject'] as const;
export type CoverageChoice = (typeof COVERAGE_CHOICES)[number];
/**
 * Every question a state can ask in writing before binding, with its answers (the first is the
 * one the test helpers give where the coverage does not decide): select or reject a rejectable
 * coverage; Pennsylvania's tort option (75 Pa.C.S. § 1705) and its uninsured motorist stacking
 * (§ 1738); the written request for uninsured motorist limits below the bodily injury liability
 * limits (Illinois 215 ILCS 5/143a-2(1), Oregon ORS 742.502(2)), asked only when they are below.
 */
export const CHOICE_ANSWERS = {
  uninsuredMotorist: COVERAGE_CHOICES,
  personalInjuryProtection: COVERAGE_CHOICES,
  tortOption: ['full', 'limited'],
  uninsuredMotoristStacking: ['unstacked', 'stacked'],
  uninsuredMotoristLowerLimits: ['requested'],
} as const;
export type CoverageQuestion = keyof typeof CHOICE_ANSWERS;
export const COVERAGE_QUESTIONS = Object.keys(CHOICE_ANSWERS) as CoverageQuestion[];
export type TortOption = (typeof CHOICE_ANSWERS.tortOption)[number];
export type StackingOption = (typeof CHOICE_ANSWERS.uninsuredMotoristStacking)[number];
/** The customer's answers to the state's questions, kept with the coverage and printed on the declarations. */
export type ChoiceAnswer<Q extends CoverageQuestion> = (typeof CHOICE_ANSWERS)[Q][number];
export type CoverageChoices = { [Q in CoverageQuestion]?: ChoiceAnswer<Q> };

export function isRejectable(key: CoverageQuestion): key is RejectableCoverage {
  return (REJECTABLE_COVERAGES as readonly string[]).includes(key);
}

/** What the policy covers. `null` is "not covered". */
export interface Coverage {
  liability: LiabilityLimit;
  comprehensiveDeductible: Deductible | null;
  /** Collision needs comprehensive. */
  collisionDeductible: Deductible | null;
  uninsuredMotorist: UninsuredMotoristLimit | null;
  medicalPayments: MedicalPaymentsLimit | null;
  /** Absent in coverage saved before it was sold: read as null (`withDefaults`). */
  personalInjuryProtection?: PersonalInjuryProtectionLimit | null;
  rental: RentalLimit | null;
  roadside: boolean;
  /** The answers to the state's select/reject questions (StateRules.choices). */
  choices?: CoverageChoices;
}

/** Each coverage of a policy, in the order the declarations list them and an audited change names them. */
export const COVERAGE_FIELDS = [
  'liability',
  'comprehensiveDeductible',
  'collisionDeductible',
  'uninsuredMotorist',
  'medicalPayments',
  'personalInjuryProtection',
  'rental',
  'roadside',
] as const satisfies readonly Exclude<keyof Coverage, 'choices'>[];

/** Coverage as saved at any time, with what later versions added filled in. */
export function withDefaults(coverage: Coverage): Coverage & { personalInjuryProtection: PersonalInjuryProtectionLimit | null; choices: CoverageChoices } {
  return { ...coverage, personalInjuryProtection: coverage.personalInjuryProtection ?? null, choices: coverage.choices ?? {} };
}

/** What a state requires of every policy, for the coverage page. */
export interface StateRules {
  state: string;
  /** The statutory minimum liability, e.g. "25/50/15". */
  minimumLiability: string;
  requiredUninsuredMotorist: UninsuredMotoristLimit | null;
  /** The lowest uninsured motorist limit the state allows when it is bought. */
  lowestUninsuredMotorist: UninsuredMotoristLimit;
  requiredMedicalPayments: MedicalPaymentsLimit | null;
  /** Null where the state has no personal injury protection; else its lowest limit and whether it is compulsory. */
  personalInjuryProtection: { minimum: PersonalInjuryProtectionLimit; required: boolean } | null;
  /** The questions the customer must answer (select or reject a coverage, or another written choice) before the policy is bound. */
  choices: CoverageQuestion[];
}

/** The bodily injury part of a liability limit, per person / per accident in $1,000s ("100/300"), `state-minimum` read as the state's own. */
export function bodilyInjuryLimits(rules: Pick<StateRules, 'minimumLiability'>, liability: LiabilityLimit): string {
  return (liability === 'state-minimum' ? rules.minimumLiability : liability).split('/').slice(0, 2).join('/');
}

/** Whether the uninsured motorist limit is below the bodily injury part of the liability limit (either amount lower). */
export function uninsuredBelowLiability(rules: Pick<StateRules, 'minimumLiability'>, coverage: Coverage): boolean {
  if (coverage.uninsuredMotorist === null) return false;
  const [umPerson, umAccident] = coverage.uninsuredMotorist.split('/').map(Number);
  const [biPerson, biAccident] = bodilyInjuryLimits(rules, coverage.liability).split('/').map(Number);
  return umPerson < biPerson || umAccident < biAccident;
}

/**
 * The questions the state asks of this coverage: all of `rules.choices`, except the request for
 * lower uninsured motorist limits, asked only while the limit is below the liability limit.
 */
export function questionsAsked(rules: Pick<StateRules, 'choices' | 'minimumLiability'>, coverage: Coverage): CoverageQuestion[] {
  return rules.choices.filter((key) => key !== 'uninsuredMotoristLowerLimits' || uninsuredBelowLiability(rules, coverage));
}

/** Which of the questions asked of this coverage are unanswered, and which select/reject answers contradict the coverage. */
export function choiceProblems(
  rules: Pick<StateRules, 'choices' | 'minimumLiability'>,
  coverage: Coverage,
): { unanswered: CoverageQuestion[]; conflicting: CoverageQuestion[] } {
  const full = withDefaults(coverage);
  const asked = questionsAsked(rules, full);
  const unanswered = asked.filter((key) => !full.choices[key]);
  const conflicting = asked.filter((key) => isRejectable(key) && full.choices[key] && (full.choices[key] === 'select') !== (full[key] !== null));
  return { unanswered, conflicting };
}
