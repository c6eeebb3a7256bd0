import { Injectable } from '@nestjs/common';
import { UsersService } from '../users';
import { PaymentGateway } from './payment-gateway';
import { PaymentMethodRepository, type SavedPaymentMethod } from './payment-method.repository';
import { PaymentErrorCode, PaymentException } from './payments.exception';
import type { CardDeclineReason } from '../../shared/payment/decline-reasons';

export type SaveMethodOutcome =
  | { status: 'saved'; method: SavedPaymentMethod }
  /** Stripe only: the bank wants the customer to authenticate; save again with `setupRef` after. */
  | { status: 'requires_action'; clientSecret: string; setupRef: string }
  | { status: 'declined'; reason: CardDeclineReason };

/** Refusals that mean the token is not usable by this customer (unknown, or someone else's). */
const TOKEN_PROBLEMS = new Set(['resource_missing', 'payment_method_unusable', 'setup_intent_mismatch']);

/**
 * A user's saved card (profile "replace card", and what monthly statements charge off session)
 * and their customer record at the gateway.
 */
@Injectable()
export class PaymentMethodsService {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly methods: PaymentMethodRepository,
    private readonly users: UsersService,
  ) {}

  /** The card the user's charges go to now, if they saved one (with the gateway in use). */
  current(userId: string): Promise<SavedPaymentMethod | undefined> {
    return this.methods.findCurrent(userId, this.gateway.provider);
  }

  /** Every card the user saved, newest first, replaced ones included. */
  history(userId: string): Promise<SavedPaymentMethod[]> {
    return this.methods.listForUser(userId);
  }

  /**
   * Makes a token from the browser the user's card for later charges, replacing the one before.
   * `setupRef` finishes a save that asked for authentication.
   */
  async save(userId: string, token: string, options: { setupRef?: string } = {}): Promise<SaveMethodOutcome> {
    const { card, customerRef } = await this.usableToken(userId, token);
    const result = await this.gateway.saveMethod({ customerRef, token, idempotencyKey: `meterly-save-method:${userId}:${token}`, setupRef: options.setupRef });
    switch (result.status) {
      case 'saved':
        return {
          status: 'saved',
          method: await this.methods.replaceCurrent({ userId, provider: this.gateway.provider, providerMethodRef: result.providerMethodRef, card }),
        };
      case 'requires_action':
        return { status: 'requires_action', clientSecret: result.clientSecret, setupRef: result.setupRef };
      case 'declined':
        return { status: 'declined', reason: result.reason };
      default:
        throw new PaymentException(TOKEN_PROBLEMS.has(result.providerCode) ? PaymentErrorCode.TokenUnknown : PaymentErrorCode.GatewayUnavailable);
    }
  }

  /**
   * The token's card, and the user's gateway customer, when the token may be used for this
   * user: known to the gateway, and not attached to another customer.
   */
  async usableToken(userId: string, token: string) {
    const card = await this.gateway.describeToken(token);
    if (!card) throw new PaymentException(PaymentErrorCode.TokenUnknown);
    const customerRef = await this.ensureCustomer(userId);
    if (card.customerRef && card.customerRef !== customerRef) throw new PaymentException(PaymentErrorCode.TokenUnknown);
    return { card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }, customerRef };
  }

  /** The user's customer at the gateway, made once (the same key makes the same Stripe customer). */
  async ensureCustomer(userId: string): Promise<string> {
    const existing = await this.methods.findCustomer(userId, this.gateway.provider);
    if (existing) return existing;
    const user = await this.users.findById(userId);
    if (!user) throw new Error(`No user ${userId} to make a payment customer for`);
    const ref = await this.gateway.createCustomer({ userId, email: user.email, idempotencyKey: `meterly-customer:${userId}` });
    return this.methods.saveCustomer(userId, this.gateway.provider, ref);
  }

  /** Keeps a charged card as the user's saved one (a purchase that asked to keep it). */
  keep(input: { userId: string; providerMethodRef: string; card: { brand: string; last4: string; expMonth: number; expYear: number } }) {
    return this.methods.replaceCurrent({ ...input, provider: this.gateway.provider });
  }
}
