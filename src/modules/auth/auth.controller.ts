import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { MakesCredential } from '../../common/http/on-behalf-marks.decorator';
import { ClientIp, ClientLocale, UserAgent } from '../../common/http/request-values.decorator';
import { CurrentActor, SessionCookie, SessionWriter } from '../session';
import { AppCodeAnswer, ExchangeTokenAnswer, ExchangeTokenDto, MagicLinkRequestDto, SuccessAnswer } from './auth.dto';
import { MagicLinkService } from './magic-link.service';
import { SignInService } from './sign-in.service';
import { SignedIn } from './signed-in.decorator';
import { SignedInGuard } from './signed-in.guard';
import type { Locale } from '../../shared/locale';
import type { Actor, SignedInActor } from '../session';
import type { Response } from 'express';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly magicLinks: MagicLinkService,
    private readonly signIn: SignInService,
    private readonly cookie: SessionCookie,
    private readonly sessions: SessionWriter,
  ) {}

  /**
   * E-mails a sign-in link. The answer is the same for a known and an unknown address; within a
   * minute of the last link to it (or past five an hour), 429 LINK_RECENTLY_SENT with retryAfterSeconds.
   */
  @Post('magic-link')
  @MakesCredential()
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessAnswer })
  @ApiBadRequestResponse({ description: 'Malformed e-mail or redirect.' })
  @ApiTooManyRequestsResponse({
    description: 'TOO_MANY_REQUESTS from this client address, or LINK_RECENTLY_SENT to this e-mail; see Retry-After and error.extra.retryAfterSeconds.',
  })
  async magicLink(@Body() body: MagicLinkRequestDto, @ClientLocale() locale: Locale, @ClientIp() ip: string): Promise<void> {
    await this.magicLinks.requestForSignIn({ email: body.email, redirectUri: body.redirectUri, locale, ip });
  }

  @Post('exchange-token')
  @MakesCredential()
  @HttpCode(200)
  @ApiOkResponse({ type: ExchangeTokenAnswer })
  @ApiBadRequestResponse({ description: 'Unknown code.' })
  @ApiUnauthorizedResponse({ description: 'Expired, used or superseded code.' })
  async exchange(
    @Body() body: ExchangeTokenDto,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @UserAgent() userAgent: string | undefined,
  ): Promise<ExchangeTokenAnswer['payload']> {
    return this.signIn.exchange(actor, body.code, { ip, userAgent });
  }

  /** The app hand-off of /web-login: a code the mobile app exchanges for its own session. */
  @Post('app-code')
  @MakesCredential()
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOkResponse({ type: AppCodeAnswer })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  async appCode(@SignedIn() actor: SignedInActor): Promise<AppCodeAnswer['payload']> {
    return this.signIn.issueAppCode(actor);
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessAnswer })
  async signOut(@Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.signOut();
    this.cookie.clear(res);
  }
}
