import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { RawResponse } from '../../../common/http/raw-response.decorator';
import { StripeWebhookService } from './stripe-webhook.service';

/** Stripe calls this; the signature over the raw body is the authentication. */
@ApiExcludeController()
@Controller('api/payments/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @RawResponse('Stripe reads this body: its shape stays fixed whatever the envelope becomes')
  @HttpCode(200)
  @ApiBadRequestResponse({ description: 'WEBHOOK_SIGNATURE_INVALID: nothing was recorded.' })
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<{ success: true; payload: { received: true; duplicate: boolean } }> {
    return { success: true, payload: { received: true, ...(await this.webhooks.receive(req.rawBody, signature)) } };
  }
}
