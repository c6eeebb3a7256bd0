import { Injectable, Logger } from '@nestjs/common';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { DECLINE_REASONS, PLAIN_DECLINE, type DeclineReason } from '../../shared/payment/decline-reasons';
import { RateLimiter } from '../rate-limit';
import { attemptsBy, CARD_LIMITS, declinesBy, tokensByIp } from './card-limits';
import { PaymentGateway } from './payment-gateway';

/** One try of a card, as the limits know it. */
export interface CardAttempt {
  userId: string;
  ip: string;
  fingerprint: string | null;
}

/** Reasons a customer can act on and that tell a card tester nothing a bank's "declined" does not. */
const NAMEABLE: ReadonlySet<DeclineReason> = new Set(DECLINE_REASONS.filter((reason) => reason !== PLAIN_DECLINE));

const TOO_MANY = 'Too many card attempts. Please wait and try again later, or call us.';

/**
 * Card testing (issue 14, finding 10): tries of a card limited per account, per address and per
 * card (its fingerprint), in Postgres so every instance counts the same; declines counted apart
 * and answered, after the first few, with one reason that says nothing about the card.
 */
@Injectable()
export class CardAttemptLimits {
  private readonly logger = new Logger(CardAttemptLimits.name);

  constructor(
    private readonly limiter: RateLimiter,
    private readonly gateway: PaymentGateway,
  ) {}

  /** A card token asked for without signing in (the sandbox): per address. */
  async admitToken(ip: string): Promise<void> {
    const decision = await this.limiter.hit(tokensByIp(ip));
    if (!decision.allowed) throw this.refused(decision.retryAfterSeconds, 'token', ip);
  }

  /**
   * Before a card is tried: refused (429, Retry-After) once the account, the address or the card
   * has had too many declines, or the account or address too many tries. `token`: a card from the
   * browser (its fingerprint is counted). `userId`: who enters the card (staff: the staff member).
   */
  async admit(input: { userId: string; ip: string; token?: string; staff?: boolean }): Promise<CardAttempt> {
    const fingerprint = input.token ? ((await this.gateway.describeToken(input.token))?.fingerprint ?? null) : null;
    const attempt = { userId: input.userId, ip: input.ip, fingerprint };
    const declines = await this.limiter.peek(declinesBy(attempt.userId, attempt.ip, fingerprint));
    if (!declines.allowed) throw this.refused(declines.retryAfterSeconds, 'declines', input.ip);
    // Staff enter cards all day for the customers they serve, each sale audited: their declines
    // are limited (by the staff member's own account), their tries are not.
    if (input.staff) return attempt;
    const tries = await this.limiter.hit(attemptsBy(attempt.userId, attempt.ip));
    if (!tries.allowed) throw this.refused(tries.retryAfterSeconds, 'attempts', input.ip);
    return attempt;
  }

  /**
   * Counts a decline and answers the reason to give: the bank's, when the customer can act on it
   * and this is one of the first declines of the account and of the card; else "card_declined".
   */
  async declined(attempt: CardAttempt, reason: DeclineReason): Promise<DeclineReason> {
    const [forAccount, , forCard = 0] = await this.limiter.add(declinesBy(attempt.userId, attempt.ip, attempt.fingerprint));
    return NAMEABLE.has(reason) && Math.max(forAccount, forCard) <= CARD_LIMITS.namedDeclines ? reason : PLAIN_DECLINE;
  }

  private refused(retryAfterSeconds: number, limit: string, ip: string): TooManyRequests {
    this.logger.log({ limit, ip, retryAfterSeconds }, 'Card attempts refused: limit reached');
    return new TooManyRequests(retryAfterSeconds, TOO_MANY);
  }
}
