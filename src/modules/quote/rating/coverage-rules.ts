import type { CoveragePackage } from '../../../shared/quote/quote-model';
import type { RatingErrorCode } from './rating-error';
import {
  MEDICAL_PAYMENTS_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type Coverage,
  type MedicalPaymentsLimit,
  type RateTable,
  type StateRates,
  type UninsuredMotoristLimit,
} from './rating-types';

/**
 * The statutory minimum liability of a state as the table of that date records it, e.g.
 * "25/50/15" (bodily injury per person / per accident / property damage, in $1,000s), or
 * undefined for a state the table does not rate. This is what the liability option
 * `state-minimum` means there. Minimums change by law, so they live in the versioned table.
 */
export function stateMinimumLiability(table: RateTable, state: string): string | undefined {
  return Object.hasOwn(table.states, state) ? table.states[state].minimumLiability : undefined;
}

/** Whether a coverage can be sold in a state: everything the state makes compulsory, and collision only with comprehensive. */
export function meetsStateRequirements(rates: StateRates, coverage: Coverage): boolean {
  return coverageProblem(rates, coverage) === undefined;
}

function atLeast<T>(order: readonly T[], value: T | null, required: T | null): boolean {
  if (required === null) return true;
  return value !== null && order.indexOf(value) >= order.indexOf(required);
}

/** Why a coverage cannot be sold in a state, or undefined when it can. */
export function coverageProblem(rates: StateRates, coverage: Coverage): { code: RatingErrorCode; message: string } | undefined {
  if (coverage.collisionDeductible !== null && coverage.comprehensiveDeductible === null) {
    return { code: 'COLLISION_WITHOUT_COMPREHENSIVE', message: 'Collision coverage needs comprehensive coverage too.' };
  }
  if (!atLeast(UNINSURED_MOTORIST_LIMITS, coverage.uninsuredMotorist, rates.requiredUninsuredMotorist)) {
    return { code: 'BELOW_STATE_MINIMUM', message: `This state requires uninsured motorist coverage of at least ${rates.requiredUninsuredMotorist}.` };
  }
  if (!atLeast(MEDICAL_PAYMENTS_LIMITS, coverage.medicalPayments, rates.requiredMedicalPayments)) {
    return { code: 'BELOW_STATE_MINIMUM', message: `This state requires medical payments coverage of at least $${rates.requiredMedicalPayments}.` };
  }
  return undefined;
}

function notBelow<T>(order: readonly T[], value: T | null, required: T | null): T | null {
  return atLeast(order, value, required) ? value : required;
}

/**
 * The coverage each package starts from, never below what the state requires: Liability only
 * (the state minimum, and what the state makes compulsory), Standard (the limits most drivers
 * choose, comprehensive and collision with a $1,000 deductible) and Full coverage (high limits,
 * $500 deductibles, a rental car and roadside help).
 */
export function packageCoverage(rates: StateRates, pkg: CoveragePackage): Coverage {
  const base: Record<CoveragePackage, Coverage> = {
    liability: {
      liability: 'state-minimum',
      comprehensiveDeductible: null,
      collisionDeductible: null,
      uninsuredMotorist: null,
      medicalPayments: null,
      rental: null,
      roadside: false,
    },
    standard: {
      liability: '50/100/50',
      comprehensiveDeductible: 1000,
      collisionDeductible: 1000,
      uninsuredMotorist: '50/100',
      medicalPayments: 2500,
      rental: null,
      roadside: true,
    },
    full: {
      liability: '100/300/100',
      comprehensiveDeductible: 500,
      collisionDeductible: 500,
      uninsuredMotorist: '100/300',
      medicalPayments: 5000,
      rental: '30/900',
      roadside: true,
    },
  };
  const coverage = base[pkg];
  return {
    ...coverage,
    uninsuredMotorist: notBelow(UNINSURED_MOTORIST_LIMITS, coverage.uninsuredMotorist, rates.requiredUninsuredMotorist),
    medicalPayments: notBelow(MEDICAL_PAYMENTS_LIMITS, coverage.medicalPayments, rates.requiredMedicalPayments),
  };
}
