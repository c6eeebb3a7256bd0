import { useEffect, useRef, useState, type RefObject } from 'react';
import { purchasePolicy, type PolicyFailure, type PurchaseAnswer, type PurchaseBody } from '../../lib/policy/policy-api';
import { attemptStore, type PurchaseAttempt } from './purchase-attempt-store';
import type { CardEntryHandle } from '../../components/payment/card-entry';

export type PurchaseOutcome =
  { ok: true; answer: Extract<PurchaseAnswer, { policy: unknown }> } | { ok: false; failure: PolicyFailure | { kind: 'authentication' } };

/** Answers after which the same attempt may (and must) be sent again: nobody knows if it paid. */
const UNANSWERED = new Set(['unknown', 'in-progress']);

/**
 * One purchase attempt per Idempotency-Key (docs/policies-api.md). The key is kept for as long
 * as the attempt is the same, so a retry after a lost answer or a 503 can never pay twice; a
 * new card or any edit (another start date, another name) is a new attempt with a new key.
 * An attempt left unanswered survives a reload (`unfinished`, sent again by `resume`).
 * A second press while one is on its way is ignored, whatever React has rendered by then.
 */
export function usePolicyPurchase(quoteId: string | undefined, card: RefObject<CardEntryHandle>) {
  const [submitting, setSubmitting] = useState(false);
  const [unfinished, setUnfinished] = useState<PurchaseAttempt>();
  const busy = useRef(false);
  const attempt = useRef<PurchaseAttempt>();

  useEffect(() => {
    if (!quoteId) return;
    attempt.current = attemptStore.read(quoteId);
    setUnfinished(attempt.current);
  }, [quoteId]);

  const keyFor = (body: PurchaseBody): string => {
    if (JSON.stringify(attempt.current?.body) !== JSON.stringify(body)) attempt.current = { key: crypto.randomUUID(), body };
    attemptStore.save(quoteId!, attempt.current!);
    return attempt.current!.key;
  };

  const forget = () => {
    attempt.current = undefined;
    attemptStore.clear(quoteId!);
    setUnfinished(undefined);
  };

  const send = async (key: string, body: PurchaseBody): Promise<PurchaseOutcome> => {
    let result = await purchasePolicy(key, body);
    if (result.ok && result.value.status === 'requires_action') {
      // The bank wants the customer (3-D Secure); then the same attempt is asked again.
      if (!(await card.current?.authenticate(result.value.clientSecret, 'payment'))) {
        forget();
        return { ok: false, failure: { kind: 'authentication' } };
      }
      result = await purchasePolicy(key, body);
    }
    if (!result.ok) {
      // Unknown: only this attempt may carry on, so the page offers just that. Another tab's
      // purchase running: the same attempt may be pressed again once it is over.
      if (result.failure.kind === 'unknown') setUnfinished(attempt.current);
      else if (!UNANSWERED.has(result.failure.kind)) forget();
      return result;
    }
    forget();
    if (result.value.status === 'requires_action') return { ok: false, failure: { kind: 'authentication' } };
    return { ok: true, answer: result.value };
  };

  const guarded = async (run: () => Promise<PurchaseOutcome | null>): Promise<PurchaseOutcome | null> => {
    if (busy.current || !quoteId) return null;
    busy.current = true;
    setSubmitting(true);
    try {
      return await run();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** Turns the card into a token, then buys; null when the card itself needs fixing (shown by CardEntry). */
  const submit = (bodyOf: (paymentToken: string) => PurchaseBody) =>
    guarded(async () => {
      const token = await card.current?.tokenize();
      if (!token) return null;
      const body = bodyOf(token.token);
      return send(keyFor(body), body);
    });

  /** Sends the unanswered attempt again, exactly as it was. */
  const resume = () => guarded(async () => (attempt.current ? send(attempt.current.key, attempt.current.body) : null));

  return { submit, resume, unfinished, submitting };
}

/**
 * The quote is no longer open, yet this tab holds an unanswered attempt: the purchase went
 * through while its answer was lost (or another tab bought it). The same key asks the server
 * again, which answers as it did the first time: the policy. Undefined when nothing is held.
 */
export async function replayHeldAttempt(): Promise<{ policyId?: string } | undefined> {
  const held = attemptStore.any();
  if (!held) return undefined;
  const result = await purchasePolicy(held.key, held.body);
  if (result.ok || result.failure.kind !== 'unknown') attemptStore.clear(held.body.quoteId);
  if (result.ok) return { policyId: 'policy' in result.value ? result.value.policy.id : undefined };
  return { policyId: result.failure.kind === 'closed' ? result.failure.policyId : undefined };
}
