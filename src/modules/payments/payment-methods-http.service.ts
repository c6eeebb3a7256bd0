import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { PaymentMethodView, SavePaymentMethodResult } from '../../shared/payment/payment-model';
import { clientIp } from '../../common/http/client-ip';
import { AuditService } from '../audit/audit.service';
import { CardAttemptLimits } from './card-attempt-limits.service';
import type { SavedPaymentMethod } from './payment-method.repository';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentErrorCode, PaymentException } from './payments.exception';

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
    private readonly audit: AuditService,
    private readonly limits: CardAttemptLimits,
  ) {}

  async current(req: Request): Promise<PaymentMethodView | null> {
    const method = await this.methods.current(req.session.userId!);
    return method ? paymentMethodView(method) : null;
  }

  async save(req: Request, token: string, setupRef?: string): Promise<SavePaymentMethodResult> {
    const staffUserId = req.session.staffUserId;
    const attempt = await this.limits.admit({ userId: staffUserId ?? req.session.userId!, ip: clientIp(req), token, staff: Boolean(staffUserId) });
    const outcome = await this.methods.save(req.session.userId!, token, { setupRef });
    if (outcome.status === 'declined') throw new PaymentException(PaymentErrorCode.CardDeclined, { reason: await this.limits.declined(attempt, outcome.reason) });
    if (outcome.status === 'requires_action') return outcome;
    if (req.session.staffUserId) await this.audit.record(req, 'payment-method.replace', { target: `${outcome.method.brand} ${outcome.method.last4}` });
    return { status: 'saved', method: paymentMethodView(outcome.method) };
  }
}
