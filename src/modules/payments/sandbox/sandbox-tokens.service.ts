import { Injectable } from '@nestjs/common';
import { CardAttemptLimits } from '../card-attempt-limits.service';
import { PaymentGateway } from '../payment-gateway';
import { PaymentErrorCode, PaymentException } from '../payments.exception';
import { SandboxGateway } from './sandbox-gateway';
import type { CardToken } from '../../../shared/payment/payment-model';
import type { Actor } from '../../session';
import type { SandboxCardDto } from '../payments.dto';

/** The sandbox's stand-in for Stripe.js: a card in, a token out. Exists only in sandbox mode. */
@Injectable()
export class SandboxTokensService {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly limits: CardAttemptLimits,
  ) {}

  async create(card: SandboxCardDto, actor: Actor, ip: string): Promise<CardToken> {
    if (!(this.gateway instanceof SandboxGateway)) throw new PaymentException(PaymentErrorCode.NotThisGateway);
    // Anyone may ask, signed in or not: limited per address (staff, audited, are not).
    if (actor.role === 'customer') await this.limits.admitToken(ip);
    const token = await this.gateway.tokenize(card);
    return { token: token.id, brand: token.brand, last4: token.last4, expMonth: token.expMonth, expYear: token.expYear };
  }
}
