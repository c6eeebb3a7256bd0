import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { messagesUntil, takesMessages } from '../../shared/claims/claim-messages';
import { CLAIMS_PHONE } from '../../shared/claims/claims-contact';
import { HOUR, RateLimiter, rule } from '../rate-limit';
import { isOnBehalf, personOf, type SignedInActor } from '../session';
import { ClaimErrorCode, ClaimException } from './claim.exception';
import { ClaimRepository, type ClaimRow } from './claim.repository';
import type { ClaimMessageSide } from '../../shared/claims/claim-model';

/** Messages one person may write on claims in a day (both sides): a conversation, not a flood; past that, the phone. */
export const CLAIM_MESSAGES_PER_DAY = 50;

/** What a message says, as one hash: a retry with the same key must say the same. */
function requestHash(side: ClaimMessageSide, body: string): string {
  return createHash('sha256')
    .update(JSON.stringify([side, body]))
    .digest('hex');
}

/**
 * Writes a message on a claim, for either side, once per Idempotency-Key: the same message sent
 * again (a double click, a retry after no answer) is the message already kept (created false); the key
 * with another text is refused. The caller has already found the claim within the writer's reach.
 */
@Injectable()
export class ClaimMessages {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async write(actor: SignedInActor, claim: ClaimRow, side: ClaimMessageSide, key: string, body: string): Promise<{ id: string; created: boolean }> {
    const hash = requestHash(side, body);
    const earlier = await this.claims.messageByKey(claim.id, key);
    if (earlier) return this.replay(earlier, hash);
    const now = this.clock.now();
    const until = messagesUntil(await this.claims.closedAt(claim.id));
    if (!takesMessages(until, now)) throw new ClaimException(ClaimErrorCode.MessagesClosed, { until });
    const writer = personOf(actor);
    const limit = await this.limiter.hit([rule(`claim-messages:user:${writer}`, CLAIM_MESSAGES_PER_DAY, 24 * HOUR)]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, `You have sent many messages today: call us at ${CLAIMS_PHONE}.`);
    const id = await this.claims.addMessage({
      claimId: claim.id,
      authorId: writer,
      side,
      onBehalf: side === 'customer' && isOnBehalf(actor),
      body,
      idempotencyKey: key,
      requestHash: hash,
      at: now,
    });
    // Another tab with the same key got there first, between our look and our insert.
    if (!id) return this.replay((await this.claims.messageByKey(claim.id, key))!, hash);
    return { id, created: true };
  }

  private replay(earlier: { id: string; requestHash: string }, hash: string): { id: string; created: false } {
    if (earlier.requestHash !== hash) throw new ClaimException(ClaimErrorCode.IdempotencyKeyReused);
    return { id: earlier.id, created: false };
  }
}
