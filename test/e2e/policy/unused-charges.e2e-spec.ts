import { randomUUID } from 'node:crypto';
import { UnusedChargeSweeper } from '../../../src/modules/policy/unused-charge-sweeper.service';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, confirmCoverage, purchaseBody, readyToPay, withPurchaseFault } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Issue 14, finding 5 (its class): a customer's payment for a policy that ends unused — the
 * purchase failed after the charge, the price changed, nobody came back — is given back.
 */
describe('Payments for a policy that nothing used', () => {
  jest.setTimeout(90_000);
  const clock = new TestClock();

  const sut = useTestApp({ clock });

  const chargesFor = (quoteId: string) =>
    queryRows<{ status: string; used_for: string | null; refunded_at: Date | null; gateway_refunded_at: Date | null }>(
      sut,
      `SELECT c.status, c.used_for, c.refunded_at, s.refunded_at AS gateway_refunded_at FROM payment_charges c
         LEFT JOIN sandbox_charges s ON s.id = c.provider_charge_ref WHERE c.reference = $1 ORDER BY c.created_at`,
      [quoteId],
    );
  const buy = (client: Client, body: object) => client.post('/api/policies').set('Idempotency-Key', randomUUID()).send(body);

  /** A purchase whose charge went through but whose policy failed to commit: the charge left unused. */
  async function chargedButNotIssued(): Promise<{ client: Client; quoteId: string }> {
    const client = await signIn(sut, uniqueEmail('unused'));
    const quoteId = await readyToPay(client);
    await withPurchaseFault(async () => buy(client, purchaseBody(quoteId, await cardToken(client))).expect(500));
    expect(await chargesFor(quoteId)).toEqual([expect.objectContaining({ status: 'succeeded', used_for: null, refunded_at: null })]);
    // The failed attempt no longer holds the quote.
    await queryRows(sut, `UPDATE purchase_requests SET created_at = now() - interval '3 minutes' WHERE quote_id = $1`, [quoteId]);
    return { client, quoteId };
  }

  it('refunds the earlier payment when the price changed after it (PRICE_CHANGED), and charges the new price once', async () => {
    const { client, quoteId } = await chargedButNotIssued();
    await queryRows(sut, `UPDATE quotes SET policy_price = jsonb_set(policy_price, '{baseRateCents}', '999') WHERE id = $1`, [quoteId]);
    const res = await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(409);
    expect(res.body.error.code).toBe('PRICE_CHANGED');
    expect(await chargesFor(quoteId)).toEqual([
      expect.objectContaining({ status: 'succeeded', used_for: null, refunded_at: expect.any(Date), gateway_refunded_at: expect.any(Date) }),
    ]);

    // The customer reviews the new price and buys: a new charge, used; the old one stays refunded.
    await confirmCoverage(client, quoteId);
    const bought = (await buy(client, purchaseBody(quoteId, await cardToken(client))).expect(201)).body.payload.policy;
    expect(await chargesFor(quoteId)).toEqual([
      expect.objectContaining({ used_for: null, refunded_at: expect.any(Date) }),
      expect.objectContaining({ status: 'succeeded', used_for: `policy:${bought.id}`, refunded_at: null }),
    ]);
  });

  it('refunds a payment nobody came back for once its deadline passed, and never a used one', async () => {
    const { quoteId } = await chargedButNotIssued();
    const other = await signIn(sut, uniqueEmail('used'));
    const boughtQuote = await readyToPay(other);
    await buy(other, purchaseBody(boughtQuote, await cardToken(other))).expect(201);
    const sweeper = sut.app.get(UnusedChargeSweeper);

    // Within the deadline a retry may still use it.
    await sweeper.sweep();
    expect(await chargesFor(quoteId)).toEqual([expect.objectContaining({ refunded_at: null })]);

    clock.advance(31 * 60_000);
    expect(await sweeper.sweep()).toBe(1);
    expect(await chargesFor(quoteId)).toEqual([
      expect.objectContaining({ used_for: null, refunded_at: expect.any(Date), gateway_refunded_at: expect.any(Date) }),
    ]);
    expect(await chargesFor(boughtQuote)).toEqual([expect.objectContaining({ used_for: expect.stringMatching(/^policy:/), refunded_at: null })]);
    expect(await sweeper.sweep()).toBe(0);
  });
});
