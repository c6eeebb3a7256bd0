import type { ApiErrorCode } from '../../../../shared/api/error-codes';
import type { ApiFailure } from '../../../lib/api/api-result';

const KNOWN: readonly ApiErrorCode[] = [
  'STAFF_NOT_FOUND',
  'STAFF_EMAIL_IS_CUSTOMER',
  'STAFF_EMAIL_IS_OTHER_ROLE',
  'PRODUCER_ID_TAKEN',
  'PRODUCER_ID_IN_USE',
  'NOT_AN_AGENT',
  'CANNOT_DEACTIVATE_SELF',
];

/** "AZ, tx co" → ["AZ","TX","CO"]; undefined when empty or not two-letter codes. */
export function statesOf(text: string): string[] | undefined {
  const states = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((s) => s.toUpperCase());
  return states.length && states.every((s) => /^[A-Z]{2}$/.test(s)) ? [...new Set(states)] : undefined;
}

/** A refused staff change in the reader's words. */
export function staffProblem(failure: ApiFailure, t: (key: string) => string): string {
  if (failure.code && KNOWN.includes(failure.code)) return t(`staff.errors.${failure.code}`);
  if (failure.status === 400) return t('staff.errors.invalid');
  return t('staff.errors.failed');
}
