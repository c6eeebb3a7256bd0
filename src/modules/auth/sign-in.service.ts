import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { appConfig } from '../../config/app-config';
import { resolveRedirect } from '../../shared/safe-redirect';
import { OnBehalfErrorCode, OnBehalfException } from '../on-behalf';
import { RateLimiter } from '../rate-limit';
import { type Actor, isOnBehalf, SessionWriter } from '../session';
import { UsersService } from '../users';
import { AUTH_LIMITS, exchangesByIp } from './auth-limits';
import { AuthErrorCode, AuthException, TooManyRequestsException } from './auth.exception';
import { hashSignInCode, newSignInCode, SIGN_IN_CODE_PATTERN } from './sign-in-code';
import { SignInCodeRepository } from './sign-in-code.repository';
import { SignInEvents } from './sign-in-events';
import type { AppConfig } from '../../config/app-config';

const REASON_CODES = {
  unknown: AuthErrorCode.CodeUnknown,
  expired: AuthErrorCode.CodeExpired,
  used: AuthErrorCode.CodeUsed,
  superseded: AuthErrorCode.CodeSuperseded,
} as const;

/**
 * Besides the controller's @MakesCredential: a session staff use to act for a customer never
 * mints a code or another session, whoever calls these services.
 */
function refuseOnBehalf(actor: Actor): void {
  if (isOnBehalf(actor)) throw new OnBehalfException(OnBehalfErrorCode.CredentialWhileOnBehalf);
}

/** Turns a sign-in code into a signed-in session (SessionWriter writes it), and makes the app's hand-off code. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly codes: SignInCodeRepository,
    private readonly users: UsersService,
    private readonly events: SignInEvents,
    private readonly sessions: SessionWriter,
  ) {}

  /** Uses the code (once), then signs the visitor in on a new session id. */
  async exchange(actor: Actor, code: string, client: { ip: string; userAgent?: string }): Promise<{ redirectTo?: string }> {
    const decision = await this.limiter.hit(exchangesByIp(client.ip));
    if (!decision.allowed) throw new TooManyRequestsException(decision.retryAfterSeconds);
    if (!SIGN_IN_CODE_PATTERN.test(code)) throw new AuthException(AuthErrorCode.CodeUnknown);
    refuseOnBehalf(actor);

    const now = this.clock.now();
    const outcome = await this.codes.consume(hashSignInCode(code), now);
    if (!outcome.ok) throw new AuthException(REASON_CODES[outcome.reason]);

    // An app hand-off code names its user; a link's code names an e-mail (a new one: a customer).
    const user =
      (outcome.code.userId && (await this.users.findById(outcome.code.userId))) ||
      (await this.users.findOrCreateCustomer(outcome.code.email, outcome.code.locale));
    if (user.role !== 'customer' && !user.active) throw new AuthException(AuthErrorCode.StaffInactive);
    await this.users.recordSignIn(user.id, now);
    // The new session does not keep the visitorKey: what it owned is joined to the account now.
    await this.sessions.signIn(user, client.userAgent);
    const { anonymousId, visitorKey } = actor;
    await this.events.emit({ userId: user.id, email: user.email, anonymousId, visitorKey, quoteId: outcome.code.quoteId ?? undefined });
    const redirectTo = outcome.code.redirectPath ? resolveRedirect(outcome.code.redirectPath, this.config.publicUrl) : undefined;
    return redirectTo ? { redirectTo } : {};
  }

  /**
   * The /web-login hand-off: a short-lived, single-use code for the signed-in user, which the
   * mobile app exchanges with POST /api/auth/exchange-token.
   */
  async issueAppCode(actor: Actor): Promise<{ code: string; link: string; expiresAt: string }> {
    refuseOnBehalf(actor);
    const user = actor.userId ? await this.users.findById(actor.userId) : null;
    if (!user) throw new AuthException(AuthErrorCode.NotSignedIn);
    const now = this.clock.now();
    const code = newSignInCode();
    const expiresAt = new Date(now.getTime() + AUTH_LIMITS.appCodeLifetimeMs);
    await this.codes.issue({ hash: hashSignInCode(code), purpose: 'app', email: user.email, userId: user.id, locale: user.locale, now, expiresAt });
    return { code, link: `https://${this.config.mobile.linkDomain}/web-login#code=${code}`, expiresAt: expiresAt.toISOString() };
  }
}
