import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { chargesSettled } from '../../common/metrics/metrics-registry';
import { changeOf, outcomeOf, type ChargeOutcome } from './charge-outcome';
import {
  ChargeRepository,
  FINAL_STATUSES,
  type ChargeChange,
  type ChargeHistoryRow,
  type ChargeRecord,
  type HistoryCursor,
  type NewCharge,
} from './charge.repository';
import { PaymentGateway, type GatewayChargeResult, type PaymentProvider } from './payment-gateway';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentErrorCode, PaymentException } from './payments.exception';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** What every charge names. */
export interface ChargeRequest {
  /**
   * The caller's key for this payment, 8–255 visible characters, unique across the app (so
   * prefix it: `purchase:<quote id>:<browser's key>`, `statement:<id>`). The same key always
   * answers the first outcome and never charges twice; with different content it is refused (409).
   */
  idempotencyKey: string;
  userId: string;
  /** Whole cents, from the server's own price, never from the browser. */
  amountCents: number;
  /** On the customer's card statement and receipts. */
  description: string;
  /** What the money is for, e.g. "policy-purchase", "monthly-statement". */
  purpose: string;
  /** The caller's id of what is paid (a quote, a statement). */
  reference?: string;
}

export interface CardChargeRequest extends ChargeRequest {
  /** The token the browser made (CardEntry): Stripe's pm_…, or the sandbox's tok_sandbox_…. */
  token: string;
  /** On success, keep the card as the user's saved method for later off-session charges. */
  saveMethod?: boolean;
}

const KEY_SHAPE = /^[\x21-\x7e]{8,255}$/;
const MAX_AMOUNT_CENTS = 99_999_999;
/** A charge the gateway never received: over, with nothing charged (settleAbandoned). */
const NEVER_CHARGED: ChargeChange = { status: 'error', declineReason: null, providerCode: 'never_charged', providerChargeRef: null, attempted: false };
/**
 * Charges settling at once in this process. Each holds a pooled connection (its row lock) while
 * the gateway answers, and the sandbox writes through a second one: four leave room in a pool of 10.
 */
const MAX_CONCURRENT_SETTLES = 4;

/** What the same key must ask again: who, how much, with what, for what. */
function requestHash(request: ChargeRequest, method: string, saveMethod: boolean): string {
  const content = [request.userId, request.amountCents, 'usd', request.purpose, request.reference ?? null, method, saveMethod];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** A small counting semaphore. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * Charging, idempotent and crash-safe. A charge is a row per idempotency key, written pending
 * (and committed) before the gateway is called, then settled under a row lock: a second call
 * with the key waits for the first and answers its outcome; a call after a crash finds the
 * pending row and asks the gateway again under the same key, which never charges twice.
 *
 * The charge methods commit on their own, never in a caller's transaction (the pending row must
 * be durable before the gateway is called): they run outside any open transaction
 * (withoutTransaction) and lock and settle in a new one of their own (Propagation.RequiresNew),
 * as refundUnused and settleAbandoned do. The bookkeeping methods (lock, markUsed, find…) join
 * the caller's transaction when one is open: see docs/payments.md for "charge, then issue the policy".
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);
  private readonly gate = new Gate(MAX_CONCURRENT_SETTLES);

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly gateway: PaymentGateway,
    private readonly charges: ChargeRepository,
    private readonly methods: PaymentMethodsService,
  ) {}

  get provider(): PaymentProvider {
    return this.gateway.provider;
  }

  /** Charges a card the customer just entered (on session), optionally keeping it for later. */
  chargeCard(request: CardChargeRequest): Promise<ChargeOutcome> {
    // On its own connection, never in a caller's transaction: see the class comment.
    return this.txHost.withoutTransaction(async () => {
      this.check(request);
      const saveMethod = request.saveMethod ?? false;
      const hash = requestHash(request, `token:${request.token}`, saveMethod);
      const earlier = await this.charges.findByKey(request.idempotencyKey);
      if (earlier) return this.resume(earlier, hash);
      const { card } = await this.methods.usableToken(request.userId, request.token);
      return this.begin(
        {
          ...this.newCharge(request, hash),
          paymentMethodId: null,
          providerMethodRef: request.token,
          offSession: false,
          saveMethod,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
        },
        hash,
      );
    });
  }

  /** Charges the user's saved card with the customer away (a monthly statement). */
  chargeSavedMethod(request: ChargeRequest): Promise<ChargeOutcome> {
    // On its own connection, never in a caller's transaction: see the class comment.
    return this.txHost.withoutTransaction(async () => {
      this.check(request);
      const hash = requestHash(request, 'saved-method', false);
      const earlier = await this.charges.findByKey(request.idempotencyKey);
      // The same key answers the card it charged first, even if the card was replaced since.
      if (earlier) return this.resume(earlier, hash);
      const method = await this.methods.current(request.userId);
      if (!method) throw new PaymentException(PaymentErrorCode.NoPaymentMethod);
      return this.begin(
        {
          ...this.newCharge(request, hash),
          paymentMethodId: method.id,
          providerMethodRef: method.providerMethodRef,
          offSession: true,
          saveMethod: false,
          cardBrand: method.brand,
          cardLast4: method.last4,
          cardExpMonth: method.expMonth,
          cardExpYear: method.expYear,
        },
        hash,
      );
    });
  }

  /** The charge made under a key, if any. */
  findByKey(idempotencyKey: string): Promise<ChargeRecord | undefined> {
    return this.charges.findByKey(idempotencyKey);
  }

  /** Every charge made for one thing (purpose + reference), newest first: a purchase's earlier attempts. */
  findByReference(purpose: string, reference: string): Promise<ChargeRecord[]> {
    return this.charges.findByReference(purpose, reference);
  }

  findById(chargeId: string): Promise<ChargeRecord | undefined> {
    return this.charges.findById(chargeId);
  }

  /** Locks the charge row for the rest of the caller's transaction (one issuer per payment). */
  async lock(chargeId: string): Promise<ChargeRecord> {
    const charge = await this.charges.lockById(chargeId);
    if (!charge) throw new PaymentException(PaymentErrorCode.ChargeNotFound);
    return charge;
  }

  /**
   * Records what a successful payment paid for ("policy:<id>"), in the caller's transaction.
   * Once: the same value again is fine (a retry), another is refused (409).
   */
  async markUsed(chargeId: string, usedFor: string): Promise<ChargeRecord> {
    const charge = await this.charges.findById(chargeId);
    if (!charge) throw new PaymentException(PaymentErrorCode.ChargeNotFound);
    if (charge.status !== 'succeeded') throw new PaymentException(PaymentErrorCode.ChargeNotSucceeded);
    const marked = await this.charges.markUsed(chargeId, usedFor);
    if (!marked) throw new PaymentException(PaymentErrorCode.ChargeAlreadyUsed);
    return marked;
  }

  /** Gives a successful charge back in full (once, however often asked). */
  refund(chargeId: string): Promise<ChargeRecord> {
    // On its own connection, never in a caller's transaction: see the class comment.
    return this.txHost.withoutTransaction(async () => {
      const charge = await this.charges.findById(chargeId);
      if (!charge) throw new PaymentException(PaymentErrorCode.ChargeNotFound);
      if (charge.status !== 'succeeded' || !charge.providerChargeRef) throw new PaymentException(PaymentErrorCode.ChargeNotSucceeded);
      if (charge.refundedAt) return charge;
      const { providerRefundRef } = await this.gateway.refund({
        providerChargeRef: charge.providerChargeRef,
        amountCents: charge.amountCents,
        idempotencyKey: `meterly-refund:${charge.id}`,
      });
      return this.charges.markRefunded(charge.id, providerRefundRef);
    });
  }

  /**
   * Gives back a successful charge that paid for nothing, in full — and never one that did.
   * Under the charge's row lock, so it is serialized with the caller's transaction that marks
   * the charge used (PaymentsService.lock, then markUsed): whichever locks first wins, and a
   * charge is never both used and refunded. Answers whether the charge is (now) refunded.
   */
  async refundUnused(chargeId: string, why: string): Promise<boolean> {
    return this.txHost.withTransaction(Propagation.RequiresNew, async () => {
      const charge = await this.charges.lockById(chargeId);
      if (!charge || charge.status !== 'succeeded' || !charge.providerChargeRef || charge.usedFor) return false;
      if (charge.refundedAt) return true;
      const { providerRefundRef } = await this.gateway.refund({
        providerChargeRef: charge.providerChargeRef,
        amountCents: charge.amountCents,
        idempotencyKey: `meterly-refund:${charge.id}`,
      });
      await this.charges.markRefunded(charge.id, providerRefundRef);
      this.logger.log({ chargeId: charge.id, amountCents: charge.amountCents, purpose: charge.purpose, why }, 'Refunded a charge that paid for nothing');
      return true;
    });
  }

  /** Succeeded charges for these purposes, neither used nor refunded, settled before `before`: oldest first. */
  listUnused(purposes: readonly string[], before: Date, limit: number): Promise<ChargeRecord[]> {
    return this.charges.listUnused(purposes, before, limit);
  }

  /**
   * Gives back part of a successful charge (a credit on a statement), once per key: answers the
   * gateway's refund reference. The charge stays succeeded; only a whole refund marks it refunded.
   */
  async refundPart(input: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<string> {
    const charge = await this.charges.findById(input.chargeId);
    if (!charge) throw new PaymentException(PaymentErrorCode.ChargeNotFound);
    if (charge.status !== 'succeeded' || !charge.providerChargeRef) throw new PaymentException(PaymentErrorCode.ChargeNotSucceeded);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > charge.amountCents)
      throw new PaymentException(PaymentErrorCode.AmountInvalid);
    const { providerRefundRef } = await this.gateway.refund({
      providerChargeRef: charge.providerChargeRef,
      amountCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
    });
    return providerRefundRef;
  }

  /** A page of the user's payment history (charges and whole refunds), newest first. */
  history(userId: string, before: HistoryCursor | null, limit: number): Promise<ChargeHistoryRow[]> {
    return this.charges.historyForUser(userId, before, limit);
  }

  /** The user's charges, newest first. */
  listForUser(userId: string, limit = 50): Promise<ChargeRecord[]> {
    return this.charges.listForUser(userId, limit);
  }

  /**
   * What a gateway event says about one of our charges, recorded in the webhook's transaction.
   * A success is never taken back; anything not yet final takes the event's word.
   */
  async applyGatewayEvent(ids: { chargeId?: string; providerChargeRef?: string }, result: GatewayChargeResult): Promise<ChargeRecord | undefined> {
    const charge = await this.charges.lockForEvent(this.gateway.provider, ids);
    if (!charge || charge.status === 'succeeded') return charge;
    if (charge.status === 'declined' && result.status !== 'succeeded') return charge;
    const change = { ...changeOf(result), attempted: false };
    // Only an outcome moves a row: "still processing" or "retry" adds nothing to what we know.
    if (!FINAL_STATUSES.includes(change.status) || change.status === charge.status) return charge;
    return this.settled(charge, change, 'webhook');
  }

  /** Charges still without an outcome made before `before` (the unsettled-charge sweeper's list). */
  listUnsettled(before: Date, limit: number): Promise<ChargeRecord[]> {
    return this.charges.listUnsettled(before, limit);
  }

  /**
   * Settles a charge left without an outcome (a process that died around the gateway call, a
   * customer who never came back): asks the gateway, without charging, what became of it, and
   * records a final answer. One the gateway never received is over as an error (never_charged):
   * nothing is charged behind the customer's back, and a later try takes a new key. Answers the
   * row, or undefined while it stays open (the gateway still waits, or could not be asked).
   */
  settleAbandoned(chargeId: string): Promise<ChargeRecord | undefined> {
    return this.gate.run(() =>
      this.txHost.withTransaction(Propagation.RequiresNew, async () => {
        const charge = (await this.charges.lockById(chargeId))!;
        if (FINAL_STATUSES.includes(charge.status)) return charge;
        const result = await this.gateway.findCharge({
          chargeId: charge.id,
          idempotencyKey: charge.idempotencyKey,
          providerChargeRef: charge.providerChargeRef,
        });
        const change: ChargeChange = result ? { ...changeOf(result), attempted: false } : NEVER_CHARGED;
        if (FINAL_STATUSES.includes(change.status)) return this.settled(charge, change, 'sweeper');
        // Still open: what is known is kept (waiting on authentication, processing), and the row goes to the back of the sweeper's list.
        await this.charges.record(charge.id, change);
        return undefined;
      }),
    );
  }

  private check(request: ChargeRequest): void {
    if (!KEY_SHAPE.test(request.idempotencyKey)) throw new PaymentException(PaymentErrorCode.IdempotencyKeyInvalid);
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1 || request.amountCents > MAX_AMOUNT_CENTS) {
      throw new PaymentException(PaymentErrorCode.AmountInvalid);
    }
  }

  private newCharge(request: ChargeRequest, requestHash: string) {
    return {
      idempotencyKey: request.idempotencyKey,
      requestHash,
      userId: request.userId,
      purpose: request.purpose,
      reference: request.reference ?? null,
      description: request.description,
      amountCents: request.amountCents,
      provider: this.gateway.provider,
    };
  }

  private async begin(charge: NewCharge, hash: string): Promise<ChargeOutcome> {
    const row = (await this.charges.insertPending(charge)) ?? (await this.charges.findByKey(charge.idempotencyKey))!;
    return this.resume(row, hash);
  }

  private async resume(charge: ChargeRecord, hash: string): Promise<ChargeOutcome> {
    if (charge.requestHash !== hash) throw new PaymentException(PaymentErrorCode.IdempotencyKeyReused);
    if (FINAL_STATUSES.includes(charge.status)) return outcomeOf(charge);
    return this.gate.run(() => this.settle(charge.id));
  }

  /** Calls the gateway for a charge not yet final, under its row lock, and records the answer. */
  private settle(chargeId: string): Promise<ChargeOutcome> {
    return this.txHost.withTransaction(Propagation.RequiresNew, async () => {
      const charge = (await this.charges.lockById(chargeId))!;
      // Another call with this key finished while we waited for the lock.
      if (FINAL_STATUSES.includes(charge.status)) return outcomeOf(charge);
      const result = await this.gateway.charge({
        chargeId: charge.id,
        idempotencyKey: charge.idempotencyKey,
        amountCents: charge.amountCents,
        currency: 'usd',
        description: charge.description,
        customerRef: await this.methods.ensureCustomer(charge.userId),
        methodRef: charge.providerMethodRef,
        offSession: charge.offSession,
        saveMethod: charge.saveMethod,
        providerChargeRef: charge.providerChargeRef,
        purpose: charge.purpose,
        reference: charge.reference,
      });
      const change = changeOf(result);
      const updated = FINAL_STATUSES.includes(change.status) ? await this.settled(charge, change, 'gateway') : await this.charges.record(charge.id, change);
      return outcomeOf(updated, result);
    });
  }

  /** Writes an outcome and keeps the card when asked: one transaction. */
  private async settled(charge: ChargeRecord, change: ChargeChange, via: 'gateway' | 'webhook' | 'sweeper'): Promise<ChargeRecord> {
    const updated = await this.charges.record(charge.id, change);
    chargesSettled.inc({ outcome: updated.status });
    if (updated.status === 'succeeded' && updated.saveMethod && updated.cardLast4) {
      await this.methods.keep({
        userId: updated.userId,
        providerMethodRef: updated.providerMethodRef,
        card: { brand: updated.cardBrand!, last4: updated.cardLast4, expMonth: updated.cardExpMonth!, expYear: updated.cardExpYear! },
      });
    }
    this.logger.log(
      {
        chargeId: updated.id,
        status: updated.status,
        declineReason: updated.declineReason,
        providerCode: updated.providerCode,
        amountCents: updated.amountCents,
        purpose: updated.purpose,
        offSession: updated.offSession,
        via,
      },
      'Charge settled',
    );
    return updated;
  }
}
