import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { appConfig } from '../../config/app-config';
import { localizePath, type Locale } from '../../shared/locale';
import { maskEmail } from '../../shared/mask-email';
import { resolveRedirect } from '../../shared/safe-redirect';
import { magicLinkMail, MailService } from '../mail';
import { RateLimiter } from '../rate-limit';
import { AUTH_LIMITS, linkRequestsByIp, linksByEmail } from './auth-limits';
import { AuthErrorCode, AuthException, LinkRecentlySentException, TooManyRequestsException } from './auth.exception';
import { hashSignInCode, newSignInCode } from './sign-in-code';
import { SignInCodeRepository } from './sign-in-code.repository';
import type { AppConfig } from '../../config/app-config';

export interface LinkRequest {
  email: string;
  redirectUri?: string;
  locale: Locale;
  ip: string;
  /** The quote this link continues (from /quote): joined to the account at sign-in. */
  quoteId?: string;
}

/** Whether a link was mailed, or how long until this address may have another. */
export type LinkOutcome = { sent: true } | { sent: false; retryAfterSeconds: number };

/**
 * Sends sign-in links. Known, unknown and over-the-limit addresses take the same path (a code
 * row, a queued job), so nothing in the timing tells them apart; only a link within the limits
 * is really mailed. The address's limits hold for any address, so saying that one was just
 * reached tells nothing about an account.
 */
@Injectable()
export class MagicLinkService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly codes: SignInCodeRepository,
    private readonly mail: MailService,
  ) {}

  /** The sign-in page's request: over the address's limits, a 429 with the seconds to wait. */
  async requestForSignIn(input: LinkRequest): Promise<void> {
    const outcome = await this.request(input);
    if (!outcome.sent) throw new LinkRecentlySentException(outcome.retryAfterSeconds);
  }

  async request(input: LinkRequest): Promise<LinkOutcome> {
    const redirectPath = input.redirectUri === undefined ? undefined : resolveRedirect(input.redirectUri, this.config.publicUrl);
    if (input.redirectUri !== undefined && redirectPath === undefined) throw new AuthException(AuthErrorCode.InvalidRedirect);

    const byIp = await this.limiter.hit(linkRequestsByIp(input.ip));
    if (!byIp.allowed) throw new TooManyRequestsException(byIp.retryAfterSeconds);

    const email = input.email.trim();
    const byEmail = await this.limiter.hit(linksByEmail(email));
    const withinLimits = byEmail.allowed;
    const now = this.clock.now();
    const code = newSignInCode();
    // The code row is written before anything is queued: a link never points at nothing.
    await this.codes.issue({
      hash: hashSignInCode(code),
      purpose: 'web',
      email,
      redirectPath,
      quoteId: input.quoteId,
      locale: input.locale,
      now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.codeLifetimeMs),
      voided: !withinLimits,
    });
    const link = this.link(code, email, input.locale, redirectPath);
    await this.mail.queue(withinLimits ? magicLinkMail({ to: email, link, locale: input.locale, legal: this.config.legal }) : undefined);
    return byEmail.allowed ? { sent: true } : { sent: false, retryAfterSeconds: byEmail.retryAfterSeconds };
  }

  /** The code travels in the fragment, which browsers never send to a server or in a Referer. */
  private link(code: string, email: string, locale: Locale, redirectPath: string | undefined): string {
    const query = redirectPath ? `?redirect=${encodeURIComponent(redirectPath)}` : '';
    // The masked address lets the page say "Continue as j•••@example.com" without a lookup.
    const fragment = `code=${code}&email=${encodeURIComponent(maskEmail(email))}`;
    return `${this.config.publicUrl}${localizePath('/magic-link', locale)}${query}#${fragment}`;
  }
}
