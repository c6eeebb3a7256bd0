/**
 * @jest-environment node
 */
import { purchasePolicy, type PurchaseBody } from './policy-api';

const BODY: PurchaseBody = { quoteId: 'a1b2', paymentToken: 'tok_sandbox_x', startDate: '2026-11-23', agreeToTerms: true, signatureName: 'Ana García' };

function answering(status: number, body: object) {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

const refusal = (code: string, extra?: object) => ({ success: false, error: { code, message: 'm', ...(extra ? { extra } : {}) } });

describe(purchasePolicy.name, () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('sends the Idempotency-Key with the body', async () => {
    answering(201, { success: true, payload: { status: 'active', policy: { id: 'p1' } } });
    await expect(purchasePolicy('key-123456', BODY)).resolves.toEqual({ ok: true, value: { status: 'active', policy: { id: 'p1' } } });
    const [, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(new Headers(init.headers).get('idempotency-key')).toBe('key-123456');
    expect(JSON.parse(init.body)).toEqual(BODY);
  });

  it.each([
    [402, refusal('PAYMENT_DECLINED', { reason: 'insufficient_funds' }), { kind: 'declined', reason: 'insufficient_funds' }],
    [409, refusal('PRICE_CHANGED', { baseRateCents: 5000 }), { kind: 'price-changed' }],
    [409, refusal('OUT_OF_ORDER', { step: 'coverage' }), { kind: 'out-of-order', step: 'coverage' }],
    [409, refusal('QUOTE_CLOSED', { policyId: 'p9' }), { kind: 'closed', policyId: 'p9' }],
    [409, refusal('PURCHASE_IN_PROGRESS'), { kind: 'in-progress' }],
    [409, refusal('IDEMPOTENCY_KEY_REUSED'), { kind: 'key-reused' }],
    [400, refusal('SIGNATURE_REQUIRED', { fields: { signatureName: 'required' } }), { kind: 'invalid', fields: { signatureName: 'required' } }],
    [400, refusal('PAYMENT_TOKEN_UNKNOWN'), { kind: 'token' }],
    [429, refusal('TOO_MANY_REQUESTS', { retryAfterSeconds: 60 }), { kind: 'too-many' }],
    [404, refusal('QUOTE_NOT_FOUND'), { kind: 'not-found' }],
    [503, refusal('PAYMENT_GATEWAY_UNAVAILABLE'), { kind: 'unknown' }],
    // An OK status carrying a refusal: the payment has not settled, the same key is sent again.
    [202, refusal('PAYMENT_PROCESSING'), { kind: 'unknown' }],
  ])('reads a %i %j as what the page does next', async (status, body, failure) => {
    answering(status, body);
    await expect(purchasePolicy('key-123456', BODY)).resolves.toEqual({ ok: false, failure });
  });

  it('treats no answer at all as an unknown outcome', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(purchasePolicy('key-123456', BODY)).resolves.toEqual({ ok: false, failure: { kind: 'unknown' } });
  });
});
