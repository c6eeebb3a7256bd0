import { COVERAGE_FIELDS, type Coverage } from '../quote/coverage-model';
import type { CoveragePackage } from '../quote/quote-model';

/**
 * What an audited change changed, as facts (not prose): the admin screen says them in the
 * reader's language ("Collision deductible $500 → $1,000"), and the row stays true whichever
 * language reads it. Values are the stored codes and amounts; `null` is "none".
 */
export const AUDIT_CHANGE_FIELDS = ['effectiveDate', 'coveragePackage', ...COVERAGE_FIELDS, 'address', 'vehicles', 'drivers', 'baseRate'] as const;
export type AuditChangeField = (typeof AUDIT_CHANGE_FIELDS)[number];
export type AuditValue = string | number | boolean | null;

export interface AuditChange {
  field: AuditChangeField;
  before: AuditValue;
  after: AuditValue;
}

/** Fields whose values are whole dollars; `baseRate` is in cents. */
export const DOLLAR_FIELDS: readonly AuditChangeField[] = ['comprehensiveDeductible', 'collisionDeductible', 'medicalPayments', 'personalInjuryProtection'];

/** The side of a policy's terms the audit compares. */
export interface AuditedTerms {
  coveragePackage: CoveragePackage;
  coverage: Coverage;
  address: { city: string; state: string };
  vehicles: { year: number; make: string; model: string }[];
  drivers: { firstName: string; lastName: string }[];
}

/** The fields that differ between two sides of a policy's terms, in AUDIT_CHANGE_FIELDS' order. */
export function termChanges(before: AuditedTerms, after: AuditedTerms): AuditChange[] {
  const changes: AuditChange[] = [];
  const add = (field: AuditChangeField, a: AuditValue, b: AuditValue) => {
    if (a !== b) changes.push({ field, before: a, after: b });
  };
  add('coveragePackage', before.coveragePackage, after.coveragePackage);
  changes.push(...coverageChanges(before.coverage, after.coverage));
  add('address', `${before.address.city}, ${before.address.state}`, `${after.address.city}, ${after.address.state}`);
  const cars = (terms: AuditedTerms) => terms.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`).join('; ');
  add('vehicles', cars(before), cars(after));
  const people = (terms: AuditedTerms) => terms.drivers.map((d) => `${d.firstName} ${d.lastName}`).join('; ');
  add('drivers', people(before), people(after));
  return changes;
}

/** The limits, deductibles and options that differ between two coverages. */
export function coverageChanges(before: Coverage, after: Coverage): AuditChange[] {
  return COVERAGE_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null)).map((field) => ({
    field,
    before: before[field] ?? null,
    after: after[field] ?? null,
  }));
}

/** Whether a stored value is a list of changes (the column is free JSON; a bad row shows none). */
export function isAuditChanges(value: unknown): value is AuditChange[] {
  return (
    Array.isArray(value) &&
    value.every((c) => typeof c === 'object' && c !== null && (AUDIT_CHANGE_FIELDS as readonly string[]).includes((c as AuditChange).field))
  );
}
