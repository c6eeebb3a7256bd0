import { withDefaults, type StateRules } from '../../../shared/quote/coverage-model';
import {
  MEDICAL_PAYMENTS_LIMITS,
  PERSONAL_INJURY_PROTECTION_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type Coverage,
  type PersonalInjuryProtectionLimit,
  type RateTable,
  type StateRates,
} from './rating-types';
import type { CoveragePackage } from '../../../shared/quote/quote-model';
import type { RatingErrorCode } from './rating-error';

/**
 * The statutory minimum liability of a state as the table of that date records it, e.g.
 * "25/50/15" (bodily injury per person / per accident / property damage, in $1,000s), or
 * undefined for a state the table does not rate. This is what the liability option
 * `state-minimum` means there. Minimums change by law, so they live in the versioned table.
 */
export function stateMinimumLiability(table: RateTable, state: string): string | undefined {
  return Object.hasOwn(table.states, state) ? table.states[state].minimumLiability : undefined;
}

/**
 * What a state requires, as its table records it. Tables before 2026-11-25 knew no PIP, no
 * lowest uninsured motorist limit and no select/reject questions: they read as none.
 */
export function stateRulesOf(state: string, rates: StateRates): StateRules {
  return {
    state,
    minimumLiability: rates.minimumLiability,
    requiredUninsuredMotorist: rates.requiredUninsuredMotorist,
    lowestUninsuredMotorist: rates.lowestUninsuredMotorist ?? UNINSURED_MOTORIST_LIMITS[0],
    requiredMedicalPayments: rates.requiredMedicalPayments,
    personalInjuryProtection: rates.personalInjuryProtection ?? null,
    choices: rates.choices ?? [],
  };
}

/** Whether a coverage can be sold in a state: everything the state makes compulsory, and collision only with comprehensive. */
export function meetsStateRequirements(rates: StateRates, coverage: Coverage): boolean {
  return coverageProblem(rates, coverage) === undefined;
}

function atLeast<T>(order: readonly T[], value: T | null, required: T | null): boolean {
  if (required === null) return true;
  return value !== null && order.indexOf(value) >= order.indexOf(required);
}

type Problem = { code: RatingErrorCode; message: string };

/**
 * Why a coverage cannot be sold in a state, or undefined when it can. The select/reject answers
 * are not looked at here (they do not change a price): see `choiceProblems`.
 */
export function coverageProblem(rates: StateRates, given: Coverage): Problem | undefined {
  const coverage = withDefaults(given);
  const rules = stateRulesOf('', rates);
  if (coverage.collisionDeductible !== null && coverage.comprehensiveDeductible === null) {
    return { code: 'COLLISION_WITHOUT_COMPREHENSIVE', message: 'Collision coverage needs comprehensive coverage too.' };
  }
  const uninsuredFloor =
    coverage.uninsuredMotorist === null
      ? rules.requiredUninsuredMotorist
      : higher(UNINSURED_MOTORIST_LIMITS, rules.requiredUninsuredMotorist, rules.lowestUninsuredMotorist);
  if (!atLeast(UNINSURED_MOTORIST_LIMITS, coverage.uninsuredMotorist, uninsuredFloor)) {
    return { code: 'BELOW_STATE_MINIMUM', message: `This state requires uninsured motorist coverage of at least ${uninsuredFloor}.` };
  }
  if (!atLeast(MEDICAL_PAYMENTS_LIMITS, coverage.medicalPayments, rules.requiredMedicalPayments)) {
    return { code: 'BELOW_STATE_MINIMUM', message: `This state requires medical payments coverage of at least $${rules.requiredMedicalPayments}.` };
  }
  return pipProblem(rules.personalInjuryProtection, coverage.personalInjuryProtection);
}

function pipProblem(rule: StateRules['personalInjuryProtection'], pip: PersonalInjuryProtectionLimit | null): Problem | undefined {
  if (rule === null) {
    return pip === null ? undefined : { code: 'NOT_OFFERED_IN_STATE', message: 'This state has no personal injury protection to buy.' };
  }
  const floor = pip === null && !rule.required ? null : rule.minimum;
  if (!atLeast(PERSONAL_INJURY_PROTECTION_LIMITS, pip, floor)) {
    return { code: 'BELOW_STATE_MINIMUM', message: `This state requires personal injury protection of at least $${rule.minimum}.` };
  }
  return undefined;
}

function higher<T>(order: readonly T[], a: T | null, b: T): T {
  return a !== null && order.indexOf(a) > order.indexOf(b) ? a : b;
}

function notBelow<T>(order: readonly T[], value: T | null, required: T | null): T | null {
  return atLeast(order, value, required) ? value : required;
}

const PACKAGES: Record<CoveragePackage, Required<Omit<Coverage, 'choices'>>> = {
  liability: {
    liability: 'state-minimum',
    comprehensiveDeductible: null,
    collisionDeductible: null,
    uninsuredMotorist: null,
    medicalPayments: null,
    personalInjuryProtection: null,
    rental: null,
    roadside: false,
  },
  standard: {
    liability: '50/100/50',
    comprehensiveDeductible: 1000,
    collisionDeductible: 1000,
    uninsuredMotorist: '50/100',
    medicalPayments: 2500,
    personalInjuryProtection: 2500,
    rental: null,
    roadside: true,
  },
  full: {
    liability: '100/300/100',
    comprehensiveDeductible: 500,
    collisionDeductible: 500,
    uninsuredMotorist: '100/300',
    medicalPayments: 5000,
    personalInjuryProtection: 5000,
    rental: '30/900',
    roadside: true,
  },
};

/**
 * The coverage each package starts from, never below what the state requires: Liability only
 * (the state minimum, and what the state makes compulsory), Standard (the limits most drivers
 * choose, comprehensive and collision with a $1,000 deductible) and Full coverage (high limits,
 * $500 deductibles, a rental car and roadside help). Where a state has personal injury
 * protection the packages carry it instead of medical payments (PIP pays the same medical bills
 * and more); the select/reject questions start unanswered, whatever the package.
 */
export function packageCoverage(rates: StateRates, pkg: CoveragePackage): Coverage {
  const rules = stateRulesOf('', rates);
  const coverage = PACKAGES[pkg];
  const pip = rules.personalInjuryProtection;
  const uninsured = notBelow(UNINSURED_MOTORIST_LIMITS, coverage.uninsuredMotorist, rules.requiredUninsuredMotorist);
  return {
    ...coverage,
    uninsuredMotorist: uninsured === null ? null : higher(UNINSURED_MOTORIST_LIMITS, uninsured, rules.lowestUninsuredMotorist),
    medicalPayments: pip ? null : notBelow(MEDICAL_PAYMENTS_LIMITS, coverage.medicalPayments, rules.requiredMedicalPayments),
    personalInjuryProtection: packagePip(coverage.personalInjuryProtection, pip),
    choices: {},
  };
}

function packagePip(value: PersonalInjuryProtectionLimit | null, rule: StateRules['personalInjuryProtection']): PersonalInjuryProtectionLimit | null {
  if (!rule) return null;
  if (value === null) return rule.required ? rule.minimum : null;
  return higher(PERSONAL_INJURY_PROTECTION_LIMITS, value, rule.minimum);
}
