import { STATEMENT } from '../billing';
import { CONFIRMATION, PURCHASE } from '../policy';
import type { PaidFor } from '../../shared/payment/payment-history-model';

/**
 * What a charge's purpose (the caller's word for it, payment_charges.purpose) paid for, in the
 * history's words. A policy change's charge is any purpose naming one ("policy-change…",
 * "endorsement…"); a purpose not known here reads as "other" rather than as something it is not.
 */
const BY_PURPOSE: Readonly<Record<string, PaidFor>> = {
  [PURCHASE]: 'first-payment',
  [CONFIRMATION]: 'first-payment',
  [STATEMENT]: 'statement',
};

export function paidForOf(purpose: string): PaidFor {
  return BY_PURPOSE[purpose] ?? (/^(policy-change|endorsement)/.test(purpose) ? 'policy-change' : 'other');
}
