import { Body, Controller, Get, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { NotCustomerAction, NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { ClientIp, SendsGpc, UserAgent } from '../../common/http/request-values.decorator';
import { CurrentActor } from '../session';
import { ConsentCookies } from './consent-cookies';
import { ConsentDecisionDto, ConsentStateDto, RecordConsentDto } from './consent.dto';
import { ConsentService } from './consent.service';
import type { Actor } from '../session';
import type { Response } from 'express';

@ApiTags('consent')
@NotCustomerAction('the cookie decision of whoever sits at the browser (staff decide for themselves)')
@NotCustomerRead("the cookie decision of whoever sits at the browser, not the customer's")
@Controller('api/consent')
export class ConsentController {
  constructor(
    private readonly consent: ConsentService,
    private readonly cookies: ConsentCookies,
  ) {}

  /** Records a decision about cookies (proof of consent) and sets the three consent cookies. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: ConsentDecisionDto })
  @ApiBadRequestResponse({ description: 'Malformed decision: nothing is recorded.' })
  @ApiTooManyRequestsResponse({ description: 'Too many decisions from this address.' })
  async record(
    @Body() body: RecordConsentDto,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @SendsGpc() gpc: boolean,
    @UserAgent() userAgent: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConsentDecisionDto> {
    const payload = await this.consent.record(actor, body, { ip, gpc, userAgent });
    this.cookies.set(res, payload);
    return payload;
  }

  /** The visitor's latest decision on record (a signed-in user's from any browser) and their GPC signal. */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ConsentStateDto })
  async current(@CurrentActor() actor: Actor, @SendsGpc() gpc: boolean): Promise<ConsentStateDto> {
    return this.consent.current(actor, gpc);
  }
}
