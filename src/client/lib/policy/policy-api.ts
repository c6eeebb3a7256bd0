import { AGENT_NOT_LICENSED_IN_STATE, licenceRefusalOf, type LicenceRefusal } from '../../../shared/quote/licence-refusal';
import { api, type ApiError } from '../api/api-client';
import { callApi } from '../api/api-result';
import type { CancellationQuote } from '../../../shared/billing/cancellation-quote';
import type { Locale } from '../../../shared/locale';
import type { PolicyDocument, PolicyView, SoldPolicyView } from '../../../shared/policy/policy-model';
import type { PurchaseStep } from '../../../shared/quote/application-model';
import type { RejectableCoverage } from '../../../shared/quote/coverage-model';

/** docs/policies-api.md: what a purchase, confirmation or cancellation can answer, as a page acts on it. */
export type PolicyFailure =
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'declined'; reason: string }
  | { kind: 'price-changed' }
  | { kind: 'out-of-order'; step: PurchaseStep }
  | { kind: 'closed'; policyId?: string }
  | { kind: 'in-progress' }
  | { kind: 'key-reused' }
  | { kind: 'not-found' }
  | { kind: 'not-pending' }
  | { kind: 'cancelled' }
  | { kind: 'forbidden' }
  /** 403: the agent selling (or who sold) is not licensed in the policy's state. */
  | { kind: 'not-licensed'; refusal: LicenceRefusal }
  /** 409: a staff sale without a car's VIN or a driver's license cannot be bound as it is. */
  | { kind: 'underwriting-incomplete' }
  /** The card's token is unknown or not this customer's: the card is entered again. */
  | { kind: 'token' }
  /** 429: too many card attempts (issue 14); nothing was tried. */
  | { kind: 'too-many' }
  /** No answer, a 503, a 202 "still processing" or a 5xx: the outcome is unknown, the same key may be sent again. */
  | { kind: 'unknown' };

export type PolicyResult<T> = { ok: true; value: T } | { ok: false; failure: PolicyFailure };

export type PurchaseAnswer = { status: 'active' | 'pending-confirmation'; policy: PolicyView } | { status: 'requires_action'; clientSecret: string };

export interface PurchaseBody {
  quoteId: string;
  paymentToken: string;
  startDate: string;
  /** The customer's; staff acting for them send neither (the customer signs later). */
  agreeToTerms?: true;
  signatureName?: string;
}

export type SoldPolicy = SoldPolicyView;

function failureOf({ status, code, extra, fields }: ApiError): PolicyFailure {
  if (status === 402) return { kind: 'declined', reason: typeof extra.reason === 'string' ? extra.reason : 'card_declined' };
  if (status === 400 && code?.startsWith('IDEMPOTENCY_KEY')) return { kind: 'key-reused' };
  if (status === 400 && code === 'PAYMENT_TOKEN_UNKNOWN') return { kind: 'token' };
  if (status === 429) return { kind: 'too-many' };
  if (status === 400) return { kind: 'invalid', fields: { ...(fields ?? {}), ...((extra.fields as Record<string, string>) ?? {}) } };
  if (status === 403 && code === AGENT_NOT_LICENSED_IN_STATE) return { kind: 'not-licensed', refusal: licenceRefusalOf(extra) };
  if (status === 403) return { kind: 'forbidden' };
  if (status === 404) return { kind: 'not-found' };
  if (code === 'PRICE_CHANGED') return { kind: 'price-changed' };
  if (code === 'OUT_OF_ORDER') return { kind: 'out-of-order', step: extra.step as PurchaseStep };
  if (code === 'QUOTE_CLOSED') return { kind: 'closed', policyId: typeof extra.policyId === 'string' ? extra.policyId : undefined };
  if (code === 'PURCHASE_IN_PROGRESS') return { kind: 'in-progress' };
  if (code === 'IDEMPOTENCY_KEY_REUSED') return { kind: 'key-reused' };
  if (code === 'POLICY_NOT_PENDING') return { kind: 'not-pending' };
  if (code === 'POLICY_CANCELLED') return { kind: 'cancelled' };
  if (code === 'UNDERWRITING_INCOMPLETE') return { kind: 'underwriting-incomplete' };
  // 202 PAYMENT_PROCESSING, a 503, a 5xx or no answer: the outcome is unknown.
  return { kind: 'unknown' };
}

async function call<T>(what: string, run: () => Promise<T>): Promise<PolicyResult<T>> {
  const result = await callApi('policy', what, run);
  return result.ok ? result : { ok: false, failure: failureOf(result.failure) };
}

const policyPath = (id: string) => `/policies/${encodeURIComponent(id)}`;

/** One purchase attempt; a retry of the same attempt sends the same key and body. */
export function purchasePolicy(idempotencyKey: string, body: PurchaseBody) {
  return call('purchase', () => api<PurchaseAnswer>('/policies', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export function fetchPolicies() {
  return call('list', () => api<PolicyView[]>('/policies'));
}

export function fetchPolicy(id: string) {
  return call('read', () => api<PolicyView>(policyPath(id)));
}

/** The customer's own signature of a policy staff bought for them: charges the first month. */
export function confirmPolicy(
  id: string,
  idempotencyKey: string,
  body: { agreeToTerms: true; signatureName: string; acknowledgedRejections?: RejectableCoverage[] },
) {
  return call('confirm', () => api<PolicyView>(`${policyPath(id)}/confirm`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** Coverage ends at the end of `date`; no fee. */
export function cancelPolicy(id: string, date: string) {
  return call('cancel', () => api<PolicyView>(`${policyPath(id)}/cancel`, { method: 'POST', body: { date } }));
}

/** "Pay now" (issue 26): what failed is charged to the current card at once; what is still owed. */
export function payBalance(id: string) {
  return call('pay-balance', () => api<{ balanceCents: number }>(`${policyPath(id)}/billing/pay`, { method: 'POST', body: {} }));
}

/** The customer's "don't renew" (issue 26): the policy ends at its term's end. */
export function declineRenewal(id: string) {
  return call('decline-renewal', () => api<PolicyView>(`${policyPath(id)}/renewal/decline`, { method: 'POST', body: {} }));
}

/** What cancelling on `date` comes to: the final statement's credit, miles and refund or amount due (issue 26). */
export function fetchCancellationQuote(id: string, date: string) {
  return call('cancellation-quote', () => api<CancellationQuote | null>(`${policyPath(id)}/cancellation-quote?date=${encodeURIComponent(date)}`));
}

/** What the signed-in agent sold (an admin: every staff sale). */
export function fetchSoldPolicies() {
  return call('sold', () => api<SoldPolicy[]>('/agent/policies'));
}

/** A plain link the browser downloads (the server answers it as an attachment). */
export function documentUrl(id: string, document: PolicyDocument, locale: Locale): string {
  return `/api${policyPath(id)}/documents/${document}.pdf?locale=${encodeURIComponent(locale)}`;
}
