import {
  PERSONAL_INJURY_PROTECTION_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  withDefaults,
  type Coverage,
  type CoverageChoice,
  type Deductible,
  type RejectableCoverage,
  type StateRules,
} from '../../../../shared/quote/coverage-model';

/** Choices a change took away, given back when what they depend on comes back. */
export interface Remembered {
  collisionDeductible?: Deductible;
  uninsuredMotorist?: Coverage['uninsuredMotorist'];
  personalInjuryProtection?: Coverage['personalInjuryProtection'];
}

/**
 * Comprehensive changed. Collision needs it: removing comprehensive removes collision and
 * remembers it; bringing comprehensive back brings the remembered collision back with it.
 */
export function setComprehensive(coverage: Coverage, value: Deductible | null, remembered: Remembered): { coverage: Coverage; remembered: Remembered } {
  if (value === null) {
    const dropped = coverage.collisionDeductible ?? remembered.collisionDeductible;
    return {
      coverage: { ...coverage, comprehensiveDeductible: null, collisionDeductible: null },
      remembered: { ...remembered, collisionDeductible: dropped ?? undefined },
    };
  }
  if (coverage.comprehensiveDeductible === null && remembered.collisionDeductible !== undefined) {
    const { collisionDeductible, ...rest } = remembered;
    return { coverage: { ...coverage, comprehensiveDeductible: value, collisionDeductible }, remembered: rest };
  }
  return { coverage: { ...coverage, comprehensiveDeductible: value }, remembered };
}

/** The lowest limit of a rejectable coverage the state lets the customer buy. */
export function lowestAllowed(rules: StateRules, key: RejectableCoverage): NonNullable<Coverage[RejectableCoverage]> {
  if (key === 'uninsuredMotorist') {
    const { requiredUninsuredMotorist: required, lowestUninsuredMotorist: lowest } = rules;
    return required && UNINSURED_MOTORIST_LIMITS.indexOf(required) > UNINSURED_MOTORIST_LIMITS.indexOf(lowest) ? required : lowest;
  }
  return rules.personalInjuryProtection?.minimum ?? PERSONAL_INJURY_PROTECTION_LIMITS[0];
}

/**
 * An answer to the state's select/reject question: "reject" leaves the coverage out (its limit
 * remembered), "select" takes it with the limit it had, or the lowest the state allows.
 */
export function answerChoice(
  coverage: Coverage,
  key: RejectableCoverage,
  answer: CoverageChoice,
  rules: StateRules,
  remembered: Remembered,
): { coverage: Coverage; remembered: Remembered } {
  const full = withDefaults(coverage);
  const choices = { ...full.choices, [key]: answer };
  if (answer === 'reject') {
    return { coverage: { ...coverage, [key]: null, choices }, remembered: { ...remembered, [key]: full[key] ?? remembered[key] } };
  }
  const value = full[key] ?? remembered[key] ?? lowestAllowed(rules, key);
  return { coverage: { ...coverage, [key]: value, choices }, remembered };
}
