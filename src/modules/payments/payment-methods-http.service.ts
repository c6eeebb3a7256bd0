import { Injectable } from '@nestjs/common';
import { isOnBehalf, personOf, type SignedInActor } from '../session';
import { CardAttemptLimits } from './card-attempt-limits.service';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentErrorCode, PaymentException } from './payments.exception';
import type { PaymentMethodView, SavePaymentMethodResult } from '../../shared/payment/payment-model';
import type { SavedPaymentMethod } from './payment-method.repository';

export function paymentMethodView(method: SavedPaymentMethod): PaymentMethodView {
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    createdAt: new Date(method.createdAt).toISOString(),
  };
}

/** The profile's card, over HTTP: the session's user, views without gateway references, staff audited. */
@Injectable()
export class PaymentMethodsHttpService {
  constructor(
    private readonly methods: PaymentMethodsService,
    private readonly limits: CardAttemptLimits,
  ) {}

  async current(actor: SignedInActor): Promise<PaymentMethodView | null> {
    const method = await this.methods.current(actor.userId);
    return method ? paymentMethodView(method) : null;
  }

  async save(actor: SignedInActor, ip: string, token: string, setupRef?: string): Promise<SavePaymentMethodResult> {
    const attempt = await this.limits.admit({ userId: personOf(actor), ip, token, staff: isOnBehalf(actor) });
    const outcome = await this.methods.save(actor.userId, token, { setupRef });
    if (outcome.status === 'declined')
      throw new PaymentException(PaymentErrorCode.CardDeclined, { reason: await this.limits.declined(attempt, outcome.reason) });
    if (outcome.status === 'requires_action') return outcome;
    return { status: 'saved', method: paymentMethodView(outcome.method) };
  }
}
