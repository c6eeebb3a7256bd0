import Stripe from 'stripe';
import { CARD_DECLINE_REASONS, PLAIN_DECLINE, type CardDeclineReason } from '../../../shared/payment/decline-reasons';
import {
  PaymentGateway,
  type GatewayChargeRequest,
  type GatewayChargeResult,
  type GatewaySaveRequest,
  type GatewaySaveResult,
  type TokenDetails,
} from '../payment-gateway';
import type { PaymentsConfig } from '../../../config/parse-app-config';

type StripeSettings = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** How long a signed webhook stays acceptable after Stripe signed it (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A Stripe client for our keys; STRIPE_API_URL points it elsewhere (stripe-mock, a test server). */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>, options: { maxNetworkRetries?: number; timeoutMs?: number } = {}): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'meterly-web' },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Stripe's error as far as we read it. */
interface StripeFailure {
  type?: string;
  code?: string;
  decline_code?: string;
  statusCode?: number;
  payment_intent?: { id: string };
  setup_intent?: { id: string };
}

function isStripeFailure(error: unknown): error is StripeFailure {
  return (
    typeof error === 'object' && error !== null && typeof (error as StripeFailure).type === 'string' && (error as StripeFailure).type!.startsWith('Stripe')
  );
}

/** One of our reasons Stripe names by its own (error code first, then decline_code), else the plain decline. */
const namedReason = (value: string | undefined) => CARD_DECLINE_REASONS.find((reason) => reason !== PLAIN_DECLINE && reason === value);

function declineReasonOf(code: string | undefined, declineCode: string | undefined): CardDeclineReason {
  return namedReason(code) ?? namedReason(declineCode) ?? PLAIN_DECLINE;
}

/**
 * Nothing is known to have happened at Stripe: the request did not get through, or Stripe
 * refused to start it (rate limit, a concurrent request with the same key still running).
 * The same idempotency key may be sent again; Stripe answers a finished one from its cache.
 */
function isRetryable(error: StripeFailure): boolean {
  return (
    error.type === 'StripeConnectionError' ||
    error.type === 'StripeRateLimitError' ||
    error.code === 'lock_timeout' ||
    error.code === 'idempotency_key_in_use' ||
    error.statusCode === 409
  );
}

/** Stripe's PaymentIntent status in our words. */
export function resultOfIntent(intent: Stripe.PaymentIntent): GatewayChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerChargeRef: intent.id };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', providerChargeRef: intent.id };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', providerChargeRef: intent.id, clientSecret: intent.client_secret ?? '' };
    case 'requires_payment_method': {
      const last = intent.last_payment_error;
      if (last?.code === 'processing_error') return { status: 'error', retryable: false, providerCode: 'processing_error', providerChargeRef: intent.id };
      return {
        status: 'declined',
        reason: declineReasonOf(last?.code, last?.decline_code),
        providerCode: last?.decline_code || last?.code || 'card_declined',
        providerChargeRef: intent.id,
      };
    }
    default:
      return { status: 'error', retryable: false, providerCode: intent.status, providerChargeRef: intent.id };
  }
}

/** A failed call to Stripe in our words: a decline, or an error that may or may not be retried. */
export function resultOfFailure(error: unknown): GatewayChargeResult {
  if (!isStripeFailure(error)) throw error;
  const ref = error.payment_intent?.id ?? null;
  if (error.type === 'StripeCardError') {
    if (error.code === 'processing_error') return { status: 'error', retryable: false, providerCode: 'processing_error', providerChargeRef: ref };
    return {
      status: 'declined',
      reason: declineReasonOf(error.code, error.decline_code),
      providerCode: error.decline_code || error.code || 'card_declined',
      providerChargeRef: ref,
    };
  }
  return { status: 'error', retryable: isRetryable(error), providerCode: error.code ?? error.type ?? 'stripe_error', providerChargeRef: ref };
}

/**
 * Stripe through its SDK: customers, PaymentMethods made by Stripe.js in the browser,
 * PaymentIntents confirmed on the server (on session for a purchase, off session for a
 * monthly statement), SetupIntents to keep a card, and every POST under an idempotency key.
 */
export class StripeGateway extends PaymentGateway {
  readonly provider = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {
    super();
  }

  async describeToken(token: string): Promise<TokenDetails | undefined> {
    if (!/^pm_[A-Za-z0-9_]+$/.test(token)) return undefined;
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (isStripeFailure(error) && (error.code === 'resource_missing' || error.statusCode === 404)) return undefined;
      throw error;
    }
    if (!method.card) return undefined;
    const customer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
    return {
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      customerRef: customer,
      fingerprint: method.card.fingerprint ?? null,
    };
  }

  async createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string> {
    const customer = await this.stripe.customers.create({ email: input.email, metadata: { user_id: input.userId } }, { idempotencyKey: input.idempotencyKey });
    return customer.id;
  }

  async saveMethod(input: GatewaySaveRequest): Promise<GatewaySaveResult> {
    let setup: Stripe.SetupIntent;
    try {
      setup = input.setupRef
        ? await this.stripe.setupIntents.retrieve(input.setupRef)
        : await this.stripe.setupIntents.create(
            {
              customer: input.customerRef,
              payment_method: input.token,
              confirm: true,
              usage: 'off_session',
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: input.idempotencyKey },
          );
    } catch (error) {
      const result = resultOfFailure(error);
      if (result.status === 'declined') return { status: 'declined', reason: result.reason, providerCode: result.providerCode };
      return { status: 'error', providerCode: result.status === 'error' ? result.providerCode : 'stripe_error' };
    }
    const method = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
    const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
    // A setup named by the browser must be this customer's and this card's.
    if (method !== input.token || customer !== input.customerRef) return { status: 'error', providerCode: 'setup_intent_mismatch' };
    switch (setup.status) {
      case 'succeeded':
        return { status: 'saved', providerMethodRef: method };
      case 'requires_action':
      case 'requires_confirmation':
        return { status: 'requires_action', clientSecret: setup.client_secret ?? '', setupRef: setup.id };
      case 'requires_payment_method': {
        const last = setup.last_setup_error;
        return {
          status: 'declined',
          reason: declineReasonOf(last?.code, last?.decline_code),
          providerCode: last?.decline_code || last?.code || 'card_declined',
        };
      }
      default:
        return { status: 'error', providerCode: setup.status };
    }
  }

  async charge(input: GatewayChargeRequest): Promise<GatewayChargeResult> {
    try {
      // An earlier attempt reached Stripe: its PaymentIntent tells how it ended (after the
      // customer authenticated in the browser, say); never create a second one.
      if (input.providerChargeRef) return resultOfIntent(await this.stripe.paymentIntents.retrieve(input.providerChargeRef));
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerRef,
          payment_method: input.methodRef,
          confirm: true,
          ...(input.offSession ? { off_session: true } : input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: input.description,
          metadata: { charge_id: input.chargeId, purpose: input.purpose, ...(input.reference ? { reference: input.reference } : {}) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return resultOfIntent(intent);
    } catch (error) {
      return resultOfFailure(error);
    }
  }

  /**
   * The PaymentIntent we made for this charge: by its id when we learned it, else by the
   * charge_id we put in its metadata (Stripe's search, current within about a minute: the
   * sweeper asks a quarter of an hour later). A failure to ask is a retryable error: the row stays pending.
   */
  async findCharge(input: { chargeId: string; idempotencyKey: string; providerChargeRef: string | null }): Promise<GatewayChargeResult | undefined> {
    try {
      if (input.providerChargeRef) return resultOfIntent(await this.stripe.paymentIntents.retrieve(input.providerChargeRef));
      const found = await this.stripe.paymentIntents.search({ query: `metadata['charge_id']:'${input.chargeId}'`, limit: 1 });
      return found.data[0] && resultOfIntent(found.data[0]);
    } catch (error) {
      const result = resultOfFailure(error);
      return result.status === 'error' ? { ...result, retryable: true } : result;
    }
  }

  async refund(input: { providerChargeRef: string; amountCents: number; idempotencyKey: string }): Promise<{ providerRefundRef: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.providerChargeRef, amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    );
    return { providerRefundRef: refund.id };
  }

  /** A webhook's event, if its signature (over the exact bytes) and timestamp check out; throws otherwise. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  }
}
