import type { CardToken, PaymentMethodView, SandboxCardInput, SavePaymentMethodResult } from '../../../../shared/payment/payment-model';
import { api, ApiError, toApiError } from '../../../lib/api/api-client';

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';

/** Why the sandbox refused a card: which field (with the shared rule's problem), or no answer. */
export type TokenFailure = { kind: 'field'; field: CardField; problem: string } | { kind: 'failed' };

export type PaymentResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };

const FIELD_OF: Record<string, CardField> = { number: 'number', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc', postalCode: 'postalCode' };

function tokenFailureOf({ status, code, fields }: ApiError): TokenFailure {
  if (status !== 400) return { kind: 'failed' };
  if (code === 'CARD_NUMBER_INVALID') return { kind: 'field', field: 'number', problem: 'luhn' };
  if (code === 'CARD_EXPIRED') return { kind: 'field', field: 'expiry', problem: 'past' };
  const first = Object.keys(fields ?? {}).find((name) => FIELD_OF[name]);
  return first ? { kind: 'field', field: FIELD_OF[first], problem: 'format' } : { kind: 'failed' };
}

/** Runs a call; a failure is read by `failureOf`, and only a failure it cannot name is logged, by status (never the card). */
async function call<T, F extends { kind: string }>(what: string, run: () => Promise<T>, failureOf: (error: ApiError) => F): Promise<PaymentResult<T, F>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const thrown = await toApiError(error);
    const failure = failureOf(thrown instanceof ApiError ? thrown : new ApiError(0));
    if (failure.kind === 'failed') console.warn(`[payment] ${what} failed`, thrown instanceof ApiError && thrown.status ? thrown.status : 'network');
    return { ok: false, failure };
  }
}

/** The sandbox's stand-in for Stripe.js: the card goes to our token endpoint, a token comes back. */
export function createSandboxToken(card: SandboxCardInput): Promise<PaymentResult<CardToken, TokenFailure>> {
  return call('tokenizing', () => api<CardToken>('/payments/sandbox/tokens', { method: 'POST', body: card }), tokenFailureOf);
}

export type SaveFailure = { kind: 'declined'; reason: string } | { kind: 'token' } | { kind: 'failed' };

function saveFailureOf({ status, extra }: ApiError): SaveFailure {
  if (status === 422) return { kind: 'declined', reason: typeof extra.reason === 'string' ? extra.reason : 'card_declined' };
  if (status === 400) return { kind: 'token' };
  return { kind: 'failed' };
}

/** Makes a token the signed-in customer's saved card (profile: replace the card). */
export function savePaymentMethod(token: string, setupRef?: string): Promise<PaymentResult<SavePaymentMethodResult, SaveFailure>> {
  return call('saving the card', () => api<SavePaymentMethodResult>('/payments/method', { method: 'PUT', body: setupRef ? { token, setupRef } : { token } }), saveFailureOf);
}

/** The signed-in customer's saved card, or null. */
export function fetchPaymentMethod(): Promise<PaymentResult<PaymentMethodView | null, { kind: 'failed' }>> {
  return call('reading the card', () => api<PaymentMethodView | null>('/payments/method'), () => ({ kind: 'failed' as const }));
}
