import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { clientIp } from '../../common/http/client-ip';
import { CONSENT_POLICY_VERSION, type ConsentChoices } from '../../shared/consent';
import { SignInEvents, type SignedIn } from '../auth/sign-in-events';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { ensureVisitorKey, visitorKeyOf } from '../session/visitor-key';
import type { ConsentDecisionDto, ConsentStateDto, RecordConsentDto } from './consent.dto';
import { ConsentRepository, type ConsentRecord } from './consent.repository';

const DECISIONS_PER_MINUTE = 30;

const toDto = (record: ConsentRecord): ConsentDecisionDto => ({
  tracking: record.tracking,
  advertising: record.advertising,
  recordedAt: record.recordedAt.toISOString(),
  policyVersion: record.policyVersion,
});

/**
 * Proof of consent: each decision is appended to consent_records. The person deciding is the
 * one at the browser: a staff member buying for a customer decides for themselves, not for
 * the customer. A signed-in user's latest decision follows them to a browser that has none;
 * a decision made before signing in is carried over to the account at sign-in.
 */
@Injectable()
export class ConsentService implements OnModuleInit {
  constructor(
    private readonly records: ConsentRepository,
    private readonly limiter: RateLimiter,
    private readonly signIns: SignInEvents,
  ) {}

  onModuleInit(): void {
    this.signIns.subscribe((event) => this.carryOverAtSignIn(event));
  }

  async record(req: Request, decision: RecordConsentDto): Promise<ConsentDecisionDto> {
    const limit = await this.limiter.hit([{ bucket: `consent:ip:${clientIp(req)}`, limit: DECISIONS_PER_MINUTE, windowMs: 60_000 }]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, 'Too many cookie decisions from this address. Please wait a minute.');
    const userId = deciderId(req);
    const saved = await this.records.append({
      tracking: decision.tracking,
      advertising: decision.advertising,
      source: decision.source,
      anonymousId: req.session?.anonymousId ?? decision.anonymousId,
      userId,
      visitorKey: userId ? undefined : await ensureVisitorKey(req),
      policyVersion: CONSENT_POLICY_VERSION,
      gpc: sendsGpc(req),
      userAgent: req.headers['user-agent'],
      correlationId: (req as Request & { id?: string }).id,
    });
    return toDto(saved);
  }

  async current(req: Request): Promise<ConsentStateDto> {
    const userId = deciderId(req);
    // Before sign-in, by the session's own key: the anonymousId anyone can write reads nothing.
    const visitorKey = visitorKeyOf(req);
    const record =
      (userId && (await this.records.findLatestForUser(userId))) || (visitorKey && (await this.records.findLatestForVisitor(visitorKey))) || undefined;
    return { decision: record ? toDto(record) : null, gpc: sendsGpc(req) };
  }

  /** A decision made in this browser before sign-in becomes the account's, unless it has a newer one. */
  private async carryOverAtSignIn({ userId, anonymousId, visitorKey }: SignedIn): Promise<void> {
    if (!visitorKey) return;
    const browser = await this.records.findLatestForVisitor(visitorKey);
    if (!browser) return;
    const account = await this.records.findLatestForUser(userId);
    if (account && account.recordedAt >= browser.recordedAt) return;
    const choices: ConsentChoices = { tracking: browser.tracking, advertising: browser.advertising };
    await this.records.append({ ...choices, source: 'sign-in', anonymousId, visitorKey: undefined, userId, policyVersion: browser.policyVersion, gpc: false, userAgent: undefined, correlationId: undefined });
  }
}

/** Whoever sits at the browser: the staff member while they buy for a customer. */
function deciderId(req: Request): string | undefined {
  return req.session?.staffUserId ?? req.session?.userId;
}

/** Global Privacy Control: the browser asks not to be sold or shared (Sec-GPC: 1). */
export function sendsGpc(req: Request): boolean {
  return req.headers['sec-gpc'] === '1';
}
