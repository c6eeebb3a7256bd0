import { Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { PaymentGateway } from '../payment-gateway';
import { PaymentErrorCode, PaymentException } from '../payments.exception';
import { PaymentsService } from '../payments.service';
import { WebhookEventRepository } from '../webhook-event.repository';
import { resultOfIntent, StripeGateway } from './stripe-gateway';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type Stripe from 'stripe';

/** The PaymentIntent events that settle a charge. */
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/**
 * Stripe's webhooks: the signature and its timestamp checked over the exact bytes received, each
 * event id handled once (recorded in the same transaction as what it changes), and PaymentIntent
 * outcomes written onto our charges, where the same key's next call answers them (a statement
 * left charging is asked again by the next billing run).
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly events: WebhookEventRepository,
    private readonly payments: PaymentsService,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ duplicate: boolean }> {
    if (!(this.gateway instanceof StripeGateway)) throw new PaymentException(PaymentErrorCode.NotThisGateway);
    let event: Stripe.Event;
    try {
      event = this.gateway.constructEvent(rawBody ?? Buffer.alloc(0), signature ?? '');
    } catch {
      throw new PaymentException(PaymentErrorCode.WebhookSignatureInvalid);
    }
    const duplicate = await this.txHost.withTransaction(async () => {
      if (!(await this.events.recordOnce('stripe', event.id, event.type))) return true;
      if (INTENT_EVENTS.has(event.type)) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const charge = await this.payments.applyGatewayEvent({ chargeId: intent.metadata?.charge_id, providerChargeRef: intent.id }, resultOfIntent(intent));
        if (charge) await this.events.linkCharge('stripe', event.id, charge.id);
      }
      return false;
    });
    this.logger.log({ eventId: event.id, type: event.type, duplicate }, 'Stripe webhook');
    return { duplicate };
  }
}
