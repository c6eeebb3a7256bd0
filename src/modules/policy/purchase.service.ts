import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { addDays, isoDay } from '../../shared/dates/iso-day';
import { stateDay } from '../../shared/dates/state-day';
import { MAX_START_DAYS_AHEAD, type PolicyView } from '../../shared/policy/policy-model';
import { rejectedCoverages } from '../../shared/quote/coverage-rejections';
import { actingProducer, AgentLicenceService } from '../agent';
import { AuditService } from '../audit';
import {
  CardAttemptLimits,
  chargeRefusal,
  failedForGood,
  paymentDeclined,
  PaymentErrorCode,
  PaymentException,
  PaymentMethodsService,
  PaymentsService,
} from '../payments';
import { CoverageRejectionRecords, purchaseStepOf, QuoteErrorCode, QuoteException, QuoteLifecycle, type OwnedQuote } from '../quote';
import { UsersService } from '../users';
import { customerSignature } from './customer-signature';
import { namedInsuredName } from './named-insured';
import { policyFromQuote } from './policy-from-quote';
import { PolicyNotifications } from './policy-notifications.service';
import { policyView } from './policy-view';
import { PolicyErrorCode, PolicyException } from './policy.exception';
import { PolicyRepository } from './policy.repository';
import { PurchaseFaults } from './purchase-faults';
import { PurchaseRequestRepository, type PurchaseRequestRow } from './purchase-request.repository';
import type { PolicyPrice } from '../../shared/quote/quote-model';
import type { ChargeRecord } from '../payments';
import type { SignedInActor } from '../session';
import type { PurchaseDto } from './policy.dto';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export const PURCHASE = 'policy-purchase';

export type PurchaseAnswer = { status: 'active' | 'pending-confirmation'; policy: PolicyView } | { status: 'requires_action'; clientSecret: string };

/** A stored refusal of the payment, thrown again for a retry of the same attempt. */
type StoredFailure = { code: PaymentErrorCode; extra?: unknown };

/**
 * The days a policy may start: today to 30 days out, today being the policy's state's day (its
 * miles, bills and claims count in those days). Never a day before: coverage bought for a day
 * already under way somewhere else would cover what has already happened.
 */
export function startDateProblem(startDate: string, today: string): boolean {
  return startDate < today || startDate > addDays(today, MAX_START_DAYS_AHEAD);
}

/** A charge that may yet have gone through: the attempt is kept to be asked again under the same key. */
const OUTCOME_UNKNOWN: ReadonlySet<string> = new Set([PaymentErrorCode.GatewayUnavailable, PaymentErrorCode.PaymentProcessing]);

function outcomeUnknown(error: unknown): boolean {
  return error instanceof PaymentException && OUTCOME_UNKNOWN.has(error.code);
}

/**
 * Buying a policy: the quote checked and priced again, the first month charged, the policy
 * issued in one transaction with the payment's bookkeeping. Every attempt is a row keyed by the
 * browser's Idempotency-Key, so a retry answers what the first did and never charges twice;
 * the quote is held by one attempt at a time, so two tabs never buy it twice.
 */
@Injectable()
export class PurchaseService {
  constructor(
    private readonly clock: Clock,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly quotes: QuoteLifecycle,
    private readonly requests: PurchaseRequestRepository,
    private readonly policies: PolicyRepository,
    private readonly payments: PaymentsService,
    private readonly methods: PaymentMethodsService,
    private readonly audit: AuditService,
    private readonly notify: PolicyNotifications,
    private readonly faults: PurchaseFaults,
    private readonly users: UsersService,
    private readonly limits: CardAttemptLimits,
    private readonly licences: AgentLicenceService,
    private readonly rejections: CoverageRejectionRecords,
  ) {}

  async purchase(actor: SignedInActor, key: string, body: PurchaseDto, ip: string): Promise<PurchaseAnswer> {
    const userId = actor.userId;
    const staff = Boolean(actor.staff);
    // Staff never sign for the customer: the customer signs when confirming.
    const signature = staff ? undefined : customerSignature(body.agreeToTerms, body.signatureName);

    const quote = await this.quotes.findOwned(body.quoteId, userId);
    if (!quote) throw new QuoteException(QuoteErrorCode.NotFound);
    // A quote without a state is not at payment (refused below); its dates count in UTC's days until then.
    const today = quote.state ? stateDay(this.clock.now(), quote.state) : isoDay(this.clock.now());
    if (startDateProblem(body.startDate, today)) throw new PolicyException(PolicyErrorCode.StartDateInvalid, { fields: { startDate: 'out-of-range' } });
    // The agent the policy will name (the one acting, else the one who started the quote) must
    // still be licensed in its state: refused before anything is recorded (issue 15).
    await this.licences.ensureLicensed((staff ? actingProducer(actor) : undefined) ?? quote.producerId, quote.state);
    const hash = createHash('sha256')
      .update(JSON.stringify([body.quoteId, body.paymentToken, body.startDate, staff ? null : signature, staff ? null : body.agreeToTerms, staff]))
      .digest('hex');
    const request = await this.requests.start({ userId, idempotencyKey: key, requestHash: hash, quoteId: quote.id });
    if (request.requestHash !== hash) throw new PolicyException(PolicyErrorCode.IdempotencyKeyReused);
    if (request.status !== 'started') return this.replay(request);

    if (quote.status === 'purchased') {
      const bought = await this.policies.findByQuote(quote.id);
      throw new QuoteException(QuoteErrorCode.Closed, bought ? { policyId: bought.id } : undefined);
    }
    if (quote.status !== 'open') throw new QuoteException(QuoteErrorCode.Closed);
    const step = purchaseStepOf(quote);
    if (step !== 'payment') throw new QuoteException(QuoteErrorCode.OutOfOrder, { step });
    // Nothing binds that the state's rules in force do not allow (the rules may have changed since the coverage was confirmed).
    await this.quotes.requireLawfulForPurchase(quote);
    if (!(await this.quotes.hold(quote, request.id))) throw new PolicyException(PolicyErrorCode.PurchaseInProgress);

    try {
      const price = await this.currentPrice(quote);
      return await (staff ? this.prepareForCustomer(actor, quote, price, request, body, ip) : this.buy(quote, price, request, key, body, signature!, ip));
    } catch (error) {
      // Let the quote go, unless the payment's outcome is unknown: then only this key may carry
      // on, or a new attempt could pay twice. (A payment that went through is found and used by
      // the next attempt, whatever its key: see unusedPayment.)
      if (!outcomeUnknown(error)) await this.quotes.release(quote, request.id);
      throw error;
    }
  }

  /** The same attempt asked again after it ended: its outcome, the policy as it is now. */
  private async replay(request: PurchaseRequestRow): Promise<PurchaseAnswer> {
    if (request.status === 'failed') {
      const failure = request.response as StoredFailure;
      throw new PaymentException(failure.code, failure.extra);
    }
    const { policyId } = request.response as { policyId: string };
    const policy = (await this.policies.findById(policyId))!;
    return { status: policy.status === 'pending-confirmation' ? 'pending-confirmation' : 'active', policy: policyView(policy) };
  }

  /**
   * The policy's price now. A rate table that changed since the customer confirmed the coverage
   * sends them back to it with the new price: nobody pays what they were not shown.
   */
  private async currentPrice(quote: OwnedQuote): Promise<PolicyPrice> {
    const current = await this.quotes.repriceForPurchase(quote);
    if (!current.changed) return current.price;
    // An earlier attempt's payment at the old price will never pay for this policy: give it back.
    await this.refundUnusedPayments(quote, 'price-changed');
    throw new PolicyException(PolicyErrorCode.PriceChanged, { baseRateCents: current.price.baseRateCents, rateVersion: current.price.rateVersion });
  }

  /** Ends the attempt with a refusal the same key will answer again. */
  private async fail(request: PurchaseRequestRow, refusal: PaymentException): Promise<never> {
    const failure: StoredFailure = { code: refusal.code as PaymentErrorCode, extra: refusal.extra };
    await this.requests.finish(request.id, { status: 'failed', responseStatus: refusal.status, response: failure });
    throw refusal;
  }

  /** The customer buys: the first month charged, then the policy issued with the payment. */
  private async buy(
    quote: OwnedQuote,
    price: PolicyPrice,
    request: PurchaseRequestRow,
    key: string,
    body: PurchaseDto,
    signature: string,
    ip: string,
  ): Promise<PurchaseAnswer> {
    const userId = quote.userId;
    let charge = await this.unusedPayment(quote, price);
    if (!charge) {
      const attempt = await this.limits.admit({ userId, ip, token: body.paymentToken });
      const outcome = await this.payments.chargeCard({
        idempotencyKey: `purchase:${quote.id}:${key}`,
        userId,
        token: body.paymentToken,
        saveMethod: true,
        amountCents: price.baseRateCents,
        description: `Meterly policy ${quote.reference}`,
        purpose: PURCHASE,
        reference: quote.id,
      });
      // The customer is here: the bank's question goes to their browser, and the same key pays after.
      if (outcome.status === 'requires_action') return { status: 'requires_action', clientSecret: outcome.clientSecret };
      if (outcome.status !== 'succeeded') {
        // Over for this key: the refusal is kept for it. A bank's decline counts against the
        // card-testing limits, which may hide its reason.
        if (failedForGood(outcome))
          return this.fail(request, chargeRefusal(outcome, outcome.status === 'declined' ? await this.limits.declined(attempt, outcome.reason) : undefined));
        // Processing or unknown: the attempt keeps the quote, and the same key asks again.
        throw chargeRefusal(outcome);
      }
      charge = outcome.charge;
    }
    const paid = charge;
    this.faults.afterCharge();

    // The charge row locked first: the sweeper (UnusedChargeSweeper) refunds under the same
    // lock, so a payment is either used here or given back there, never both.
    const issued = await this.txHost.withTransaction(async () => {
      const locked = await this.payments.lock(paid.id);
      const already = locked.usedFor?.startsWith('policy:') ? await this.policies.findById(locked.usedFor.slice('policy:'.length)) : undefined;
      if (already) {
        await this.requests.finish(request.id, { status: 'succeeded', responseStatus: 201, response: { policyId: already.id } });
        return { policy: already, fresh: false };
      }
      // Given back already (left unused past the sweeper's deadline): a new attempt pays again.
      if (locked.refundedAt) throw new PolicyException(PolicyErrorCode.PurchaseInProgress);
      const current = (await this.quotes.lockForPurchase(quote))!;
      if (current.status !== 'open') return { closed: true as const };
      const method = await this.methods.current(userId);
      const now = this.clock.now();
      const policy = await this.policies.issue(
        policyFromQuote(current, price, {
          status: 'active',
          effectiveDate: body.startDate,
          producerId: null,
          staffUserId: null,
          paymentMethodId: method?.id ?? null,
          firstChargeId: locked.id,
          signature: { name: signature, at: now },
          boundAt: now,
        }),
      );
      await this.payments.markUsed(locked.id, `policy:${policy.id}`);
      await this.users.nameIfNone(userId, namedInsuredName(policy));
      // The customer's own signature signs every coverage they turn down in writing (issue 26).
      await this.rejections.completeForPurchase(current.id, policy.coverage, {}, now);
      await this.rejections.sign(current.id, rejectedCoverages(policy.coverage), now);
      await this.quotes.markPurchased(current.id);
      this.faults.beforeCommit();
      await this.requests.finish(request.id, { status: 'succeeded', responseStatus: 201, response: { policyId: policy.id } });
      return { policy, fresh: true };
    });
    if ('closed' in issued) {
      // Bought or closed elsewhere (another tab, staff) while this one paid: the money goes back.
      await this.payments.refundUnused(paid.id, 'quote-closed-after-charge');
      throw new QuoteException(QuoteErrorCode.Closed);
    }
    const view = policyView(issued.policy);
    if (issued.fresh) await this.notify.welcome(issued.policy, paid);
    return { status: 'active', policy: view };
  }

  /**
   * A purchase made while an earlier attempt's payment went through but issued nothing (the
   * server stopped, the customer reloaded and tried again): that payment pays for this one.
   */
  private async unusedPayment(quote: OwnedQuote, price: PolicyPrice): Promise<ChargeRecord | undefined> {
    const charges = (await this.payments.findByReference(PURCHASE, quote.id)).filter((c) => c.status === 'succeeded' && !c.usedFor && !c.refundedAt);
    const usable = charges.find((c) => c.amountCents === price.baseRateCents);
    // One made at another price pays for nothing now (the customer saw and confirmed a new one).
    for (const other of charges) if (other !== usable) await this.payments.refundUnused(other.id, 'purchase-price-differs');
    return usable;
  }

  /** Gives back every earlier payment for the quote that paid for nothing. */
  private async refundUnusedPayments(quote: OwnedQuote, why: string): Promise<void> {
    for (const charge of await this.payments.findByReference(PURCHASE, quote.id)) {
      if (charge.status === 'succeeded' && !charge.usedFor && !charge.refundedAt) await this.payments.refundUnused(charge.id, why);
    }
  }

  /**
   * Staff buy for a customer: the card is kept, the policy issued waiting for the customer's
   * own review and signature, and nothing charged until they give it.
   */
  private async prepareForCustomer(
    actor: SignedInActor,
    quote: OwnedQuote,
    price: PolicyPrice,
    request: PurchaseRequestRow,
    body: PurchaseDto,
    ip: string,
  ): Promise<PurchaseAnswer> {
    const userId = quote.userId;
    const attempt = await this.limits.admit({ userId: actor.staff!.userId, ip, token: body.paymentToken, staff: true });
    const saved = await this.methods.save(userId, body.paymentToken);
    if (saved.status === 'declined') return this.fail(request, paymentDeclined(await this.limits.declined(attempt, saved.reason)));
    if (saved.status !== 'saved') return this.fail(request, paymentDeclined('authentication_required'));

    const policy = await this.txHost.withTransaction(async () => {
      const current = (await this.quotes.lockForPurchase(quote))!;
      if (current.status !== 'open') throw new QuoteException(QuoteErrorCode.Closed);
      const issued = await this.policies.issue(
        policyFromQuote(current, price, {
          status: 'pending-confirmation',
          effectiveDate: body.startDate,
          producerId: actor.role === 'agent' ? (actor.producerId ?? null) : null,
          staffUserId: actor.staff!.userId,
          paymentMethodId: saved.method.id,
          firstChargeId: null,
          signature: null,
          boundAt: null,
        }),
      );
      // Not signed: the customer signs each rejection when confirming (PoliciesService.confirm).
      await this.rejections.completeForPurchase(current.id, issued.coverage, { staffUserId: actor.staff!.userId }, this.clock.now());
      await this.quotes.markPurchased(current.id);
      // The first agent to sell to this customer becomes their agent of record.
      if (issued.producerId) await this.users.assignProducerIfNone(userId, issued.producerId);
      await this.requests.finish(request.id, { status: 'succeeded', responseStatus: 201, response: { policyId: issued.id } });
      return issued;
    });
    const view = policyView(policy);
    await this.audit.record(actor, 'policy.purchase-for-customer', { target: policy.number });
    await this.notify.review(policy, saved.method.last4);
    return { status: 'pending-confirmation', policy: view };
  }
}
