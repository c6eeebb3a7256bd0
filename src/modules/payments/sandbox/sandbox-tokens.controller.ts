import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ClientIp } from '../../../common/http/request-values.decorator';
import { CurrentActor } from '../../session';
import { CardTokenDto, SandboxCardDto } from '../payments.dto';
import { SandboxTokensService } from './sandbox-tokens.service';
import type { Actor } from '../../session';

@ApiTags('payments')
@Controller('api/payments/sandbox')
export class SandboxTokensController {
  constructor(private readonly tokens: SandboxTokensService) {}

  /** Turns a card into a token, as Stripe.js does in Stripe mode. The card goes no further. */
  @Post('tokens')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CardTokenDto })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT, CARD_NUMBER_INVALID (Luhn or length) or CARD_EXPIRED, with error.fields.' })
  @ApiNotFoundResponse({ description: 'Stripe is configured: cards are tokenized by Stripe.js.' })
  @ApiTooManyRequestsResponse({ description: 'Too many cards from this address; see Retry-After.' })
  async create(@Body() card: SandboxCardDto, @CurrentActor() actor: Actor, @ClientIp() ip: string): Promise<CardTokenDto> {
    return this.tokens.create(card, actor, ip);
  }
}
