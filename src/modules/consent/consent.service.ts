import { Injectable, OnModuleInit } from '@nestjs/common';
import { TooManyRequests } from '../../common/errors/too-many-requests';
import { CONSENT_POLICY_VERSION, type ConsentChoices } from '../../shared/consent';
import { type SignInEvent, SignInEvents } from '../auth';
import { RateLimiter } from '../rate-limit';
import { type Actor, personOf, SessionWriter } from '../session';
import { ConsentRepository, type ConsentRecord } from './consent.repository';
import type { ConsentDecisionDto, ConsentStateDto, RecordConsentDto } from './consent.dto';

const DECISIONS_PER_MINUTE = 30;

/** The browser a decision comes from: its address (rate limit), its GPC signal and User-Agent (proof). */
export interface ConsentClient {
  ip: string;
  gpc: boolean;
  userAgent?: string;
}

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
    private readonly sessions: SessionWriter,
  ) {}

  onModuleInit(): void {
    this.signIns.subscribe((event) => this.carryOverAtSignIn(event));
  }

  async record(actor: Actor, decision: RecordConsentDto, client: ConsentClient): Promise<ConsentDecisionDto> {
    const limit = await this.limiter.hit([{ bucket: `consent:ip:${client.ip}`, limit: DECISIONS_PER_MINUTE, windowMs: 60_000 }]);
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, 'Too many cookie decisions from this address. Please wait a minute.');
    const userId = deciderId(actor);
    const saved = await this.records.append({
      tracking: decision.tracking,
      advertising: decision.advertising,
      source: decision.source,
      anonymousId: actor.anonymousId ?? decision.anonymousId,
      userId,
      visitorKey: userId ? undefined : await this.sessions.ensureVisitorKey(),
      policyVersion: CONSENT_POLICY_VERSION,
      gpc: client.gpc,
      userAgent: client.userAgent,
      correlationId: actor.correlationId ?? undefined,
    });
    return toDto(saved);
  }

  async current(actor: Actor, gpc: boolean): Promise<ConsentStateDto> {
    const userId = deciderId(actor);
    // Before sign-in, by the session's own key: the anonymousId anyone can write reads nothing.
    const visitorKey = actor.visitorKey;
    const record =
      (userId && (await this.records.findLatestForUser(userId))) || (visitorKey && (await this.records.findLatestForVisitor(visitorKey))) || undefined;
    return { decision: record ? toDto(record) : null, gpc };
  }

  /** Every cookie decision recorded for the account, oldest first (the data export): what was chosen, when, how, under which policy. */
  async historyOf(
    userId: string,
  ): Promise<{ tracking: boolean; advertising: boolean; recordedAt: string; policyVersion: string; source: string; gpc: boolean }[]> {
    return (await this.records.listForUser(userId)).map((r) => ({ ...r, recordedAt: new Date(r.recordedAt).toISOString() }));
  }

  /** A decision made in this browser before sign-in becomes the account's, unless it has a newer one. */
  private async carryOverAtSignIn({ userId, anonymousId, visitorKey }: SignInEvent): Promise<void> {
    if (!visitorKey) return;
    const browser = await this.records.findLatestForVisitor(visitorKey);
    if (!browser) return;
    const account = await this.records.findLatestForUser(userId);
    if (account && account.recordedAt >= browser.recordedAt) return;
    const choices: ConsentChoices = { tracking: browser.tracking, advertising: browser.advertising };
    await this.records.append({
      ...choices,
      source: 'sign-in',
      anonymousId,
      visitorKey: undefined,
      userId,
      policyVersion: browser.policyVersion,
      gpc: false,
      userAgent: undefined,
      correlationId: undefined,
    });
  }
}

/** Whoever sits at the browser: the staff member while they buy for a customer. */
function deciderId(actor: Actor): string | undefined {
  return personOf(actor);
}
