import type { Coverage, StateRules } from '../../../shared/quote/coverage-model';

/** One line of a package card: a text key of quote-products' `lines` and its values. */
export interface IncludedLine {
  key:
    | 'liabilityMinimum'
    | 'liability'
    | 'physicalDamage'
    | 'comprehensive'
    | 'collision'
    | 'noPhysicalDamage'
    | 'uninsuredMotorist'
    | 'medicalPayments'
    | 'pip'
    | 'rental'
    | 'roadside';
  values?: Record<string, string | number>;
}

/**
 * What a package card says it includes, read from the package's own coverage in the household's
 * state, never from a fixed list: where the state has personal injury protection (Oregon, Texas)
 * the package carries PIP instead of medical payments, and the card names PIP (issue 26).
 */
export function packageIncludes(coverage: Coverage, rules: Pick<StateRules, 'minimumLiability'>): IncludedLine[] {
  const lines: IncludedLine[] = [
    coverage.liability === 'state-minimum'
      ? { key: 'liabilityMinimum', values: { limits: rules.minimumLiability } }
      : { key: 'liability', values: { limits: coverage.liability } },
  ];
  const { comprehensiveDeductible: comprehensive, collisionDeductible: collision } = coverage;
  if (comprehensive === null) lines.push({ key: 'noPhysicalDamage' });
  else if (collision === null) lines.push({ key: 'comprehensive', values: { amount: comprehensive } });
  else if (collision === comprehensive) lines.push({ key: 'physicalDamage', values: { amount: collision } });
  else lines.push({ key: 'comprehensive', values: { amount: comprehensive } }, { key: 'collision', values: { amount: collision } });
  if (coverage.uninsuredMotorist !== null) lines.push({ key: 'uninsuredMotorist', values: { limits: coverage.uninsuredMotorist } });
  if (coverage.personalInjuryProtection) lines.push({ key: 'pip', values: { amount: coverage.personalInjuryProtection } });
  if (coverage.medicalPayments !== null) lines.push({ key: 'medicalPayments', values: { amount: coverage.medicalPayments } });
  if (coverage.rental !== null) lines.push({ key: 'rental', values: { amount: Number(coverage.rental.split('/')[0]) } });
  if (coverage.roadside) lines.push({ key: 'roadside' });
  return lines;
}
