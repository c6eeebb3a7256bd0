import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConsumes, ApiForbiddenResponse, ApiOkResponse, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { InvalidInputException } from '../../common/errors/invalid-input';
import { NotCustomerAction, NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { ClientIp, SendsGpc, UserAgent } from '../../common/http/request-values.decorator';
import { appConfig, type AppConfig } from '../../config/app-config';
import { resolveRedirect } from '../../shared/safe-redirect';
import { CurrentActor } from '../session';
import { ConsentCookies } from './consent-cookies';
import { ConsentDecisionDto, ConsentFormDto, ConsentStateDto, RecordConsentDto } from './consent.dto';
import { ConsentService } from './consent.service';
import type { Actor } from '../session';
import type { Request, Response } from 'express';

@ApiTags('consent')
@NotCustomerAction('the cookie decision of whoever sits at the browser (staff decide for themselves)')
@NotCustomerRead("the cookie decision of whoever sits at the browser, not the customer's")
@Controller('api/consent')
export class ConsentController {
  constructor(
    private readonly consent: ConsentService,
    private readonly cookies: ConsentCookies,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
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

  /**
   * The banner's buttons before the page's code runs (issue 29): its plain form posts here, the
   * decision is recorded as POST /api/consent records it (same limit, same cookies) and the
   * browser is sent back (303) to the page it was on, a path of this site only. A form from any
   * other page is refused by the forgery check (csrf.middleware.ts, FORM_POST_PATHS).
   */
  @Post('form')
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiResponse({ status: 303, description: 'Recorded: back to the page, with the three cookies set.' })
  @ApiBadRequestResponse({ description: 'Not a choice of the banner, or a page that is not of this site: nothing is recorded.' })
  @ApiForbiddenResponse({ description: 'The form was not sent from our own page.' })
  @ApiTooManyRequestsResponse({ description: 'Too many decisions from this address.' })
  async recordFromForm(
    @Body() body: ConsentFormDto,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @SendsGpc() gpc: boolean,
    @UserAgent() userAgent: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const back = resolveRedirect(body.back, this.config.publicUrl);
    if (back === undefined) throw new InvalidInputException({ back: 'back must be a path of this site.' });
    const accept = body.choice === 'accept';
    const payload = await this.consent.record(
      actor,
      { tracking: accept, advertising: accept, source: accept ? 'banner-accept' : 'banner-deny' },
      { ip, gpc, userAgent },
    );
    this.cookies.set(res, payload);
    res.redirect(303, withQueryOf(back, req.headers.referer, this.config.publicUrl));
  }

  /** The visitor's latest decision on record (a signed-in user's from any browser) and their GPC signal. */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ConsentStateDto })
  async current(@CurrentActor() actor: Actor, @SendsGpc() gpc: boolean): Promise<ConsentStateDto> {
    return this.consent.current(actor, gpc);
  }
}

/**
 * The page's form names its path only (the page's HTML is the same for every visitor, whatever
 * its query); the query comes back from the Referer when that is the same page of this site.
 */
function withQueryOf(back: string, referer: string | undefined, publicUrl: string): string {
  if (back.includes('?') || back.includes('#')) return back;
  const from = resolveRedirect(referer, publicUrl);
  if (from === undefined) return back;
  const query = from.search(/[?#]/);
  return query !== -1 && from.slice(0, query) === back ? from : back;
}
