import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ClientIp } from '../../common/http/request-values.decorator';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { PaymentMethodsHttpService } from './payment-methods-http.service';
import { PaymentMethodDto, SavePaymentMethodDto } from './payments.dto';
import type { PaymentMethodView, SavePaymentMethodResult } from '../../shared/payment/payment-model';
import type { SignedInActor } from '../session';

/** The signed-in customer's saved card (staff acting for a customer: the customer's). */
@ApiTags('payments')
@UseGuards(SignedInGuard)
@Controller('api/payments/method')
export class PaymentMethodsController {
  constructor(private readonly methods: PaymentMethodsHttpService) {}

  @Get()
  @AuditOnBehalf('payment-method.read')
  @ApiOkResponse({ type: PaymentMethodDto, description: 'The saved card, or null.' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  async current(@SignedIn() actor: SignedInActor): Promise<PaymentMethodView | null> {
    return this.methods.current(actor);
  }

  /** Saves a token from CardEntry as the card for later charges, replacing the one before. */
  @Put()
  @AuditOnBehalf<SavePaymentMethodResult>('payment-method.replace', ({ answer }) =>
    answer.status === 'saved' ? `${answer.method.brand} ${answer.method.last4}` : undefined,
  )
  @ApiOkResponse({
    description: '{status:"saved", method}, or {status:"requires_action", clientSecret, setupRef} (Stripe: authenticate, then save again with setupRef).',
  })
  @ApiBadRequestResponse({ description: 'PAYMENT_TOKEN_UNKNOWN, or INVALID_INPUT.' })
  @ApiUnprocessableEntityResponse({ description: 'CARD_DECLINED, with error.extra.reason.' })
  async save(@Body() body: SavePaymentMethodDto, @SignedIn() actor: SignedInActor, @ClientIp() ip: string): Promise<SavePaymentMethodResult> {
    return this.methods.save(actor, ip, body.token, body.setupRef);
  }
}
