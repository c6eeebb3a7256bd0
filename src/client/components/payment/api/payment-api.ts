import type { CardToken, PaymentMethodView, SandboxCardInput, SavePaymentMethodResult } from '../../../../shared/payment/payment-model';
import { request } from '../../../lib/api/request';

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';

/** Why the sandbox refused a card: which field (with the shared rule's problem), or no answer. */
export type TokenFailure = { kind: 'field'; field: CardField; problem: string } | { kind: 'failed' };

export type PaymentResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };

const FIELD_OF: Record<string, CardField> = { number: 'number', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc', postalCode: 'postalCode' };

async function tokenFailureOf(error: unknown): Promise<TokenFailure> {
  if (!(error instanceof Response) || error.status !== 400) return { kind: 'failed' };
  const body = await error.json().catch(() => undefined);
  const code: string | undefined = body?.error?.code;
  if (code === 'CARD_NUMBER_INVALID') return { kind: 'field', field: 'number', problem: 'luhn' };
  if (code === 'CARD_EXPIRED') return { kind: 'field', field: 'expiry', problem: 'past' };
  const first = Object.keys(body?.error?.fields ?? {}).find((name) => FIELD_OF[name]);
  return first ? { kind: 'field', field: FIELD_OF[first], problem: 'format' } : { kind: 'failed' };
}

/** The sandbox's stand-in for Stripe.js: the card goes to our token endpoint, a token comes back. */
export async function createSandboxToken(card: SandboxCardInput): Promise<PaymentResult<CardToken, TokenFailure>> {
  try {
    const answer = await request<{ payload: CardToken }>('/payments/sandbox/tokens', { method: 'POST', body: card });
    return { ok: true, value: answer.payload };
  } catch (error) {
    const failure = await tokenFailureOf(error);
    // Never the card: only the status goes to the log.
    if (failure.kind === 'failed') console.warn('[payment] tokenizing failed', error instanceof Response ? error.status : 'network');
    return { ok: false, failure };
  }
}

export type SaveFailure = { kind: 'declined'; reason: string } | { kind: 'token' } | { kind: 'failed' };

/** Makes a token the signed-in customer's saved card (profile: replace the card). */
export async function savePaymentMethod(token: string, setupRef?: string): Promise<PaymentResult<SavePaymentMethodResult, SaveFailure>> {
  try {
    const answer = await request<{ payload: SavePaymentMethodResult }>('/payments/method', { method: 'PUT', body: setupRef ? { token, setupRef } : { token } });
    return { ok: true, value: answer.payload };
  } catch (error) {
    if (!(error instanceof Response)) return { ok: false, failure: { kind: 'failed' } };
    const body = await error.json().catch(() => undefined);
    if (error.status === 422) return { ok: false, failure: { kind: 'declined', reason: body?.error?.extra?.reason ?? 'card_declined' } };
    if (error.status === 400) return { ok: false, failure: { kind: 'token' } };
    console.warn('[payment] saving the card failed', error.status);
    return { ok: false, failure: { kind: 'failed' } };
  }
}

/** The signed-in customer's saved card, or null. */
export async function fetchPaymentMethod(): Promise<PaymentResult<PaymentMethodView | null, { kind: 'failed' }>> {
  try {
    return { ok: true, value: (await request<{ payload: PaymentMethodView | null }>('/payments/method')).payload };
  } catch {
    return { ok: false, failure: { kind: 'failed' } };
  }
}
