import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { linkTokenHash, newLinkToken } from '../../common/crypto/link-token';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { localizePath, type Locale } from '../../shared/locale';
import { DELETION_LINK_LIFETIME_MS } from '../../shared/privacy/account-deletion-model';
import { AnalyticsErasure } from '../analytics';
import { AuditService } from '../audit';
import { SignInCodes } from '../auth';
import { DataExportErasure } from '../data-export';
import { MailService } from '../mail';
import { MilesErasure } from '../miles';
import { HouseholdErasure, PurchaseErasure } from '../policy';
import { PrivacyRequestsService } from '../privacy-requests';
import { ProofLinkErasure } from '../proof-links';
import { QuoteErasure } from '../quote';
import { HOUR, MINUTE, RateLimiter, rule } from '../rate-limit';
import { SessionAdmin } from '../session';
import { UsersService } from '../users';
import { AccountDeletionErrorCode, AccountDeletionException } from './account-deletion.exception';
import { DeletionLinkRepository, type BlockerFacts, type DeletionLinkRow } from './deletion-link.repository';
import { askMail, doneMail } from './deletion-mail';
import type { DeletionAsked, DeletionBlocker, DeletionDone } from '../../shared/privacy/account-deletion-model';
import type { Actor, SignedInActor } from '../session';
import type { UserEntity } from '../users';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Links one account may ask for in an hour: each is an e-mail to the customer. */
export const DELETION_LINKS_PER_HOUR = 5;
/** Confirm pages and posts one address may try in ten minutes, found or not: a guesser gets nowhere fast. */
export const DELETION_TRIES_PER_10_MINUTES = 30;

/** Who the audit names for what the link's holder does (nobody may be signed in): the customer, by id. */
const LINK_HOLDER_ROLE = 'customer' as const;

/** What a link's page shows: the confirm form, or why not. */
export type DeletionLinkState =
  | { kind: 'ready'; email: string; locale: Locale }
  | { kind: 'blocked'; blockers: DeletionBlocker[]; locale: Locale }
  | { kind: 'unknown' | 'expired' | 'replaced' | 'used' }
  | { kind: 'limited'; retryAfterSeconds: number };

/** The rules over the facts: what stops the account's deletion today (docs/decisions.md). */
export function blockersOf(facts: BlockerFacts, now: Date): DeletionBlocker[] {
  const blockers: DeletionBlocker[] = [];
  for (const p of facts.policies) {
    const today = stateDay(now, p.state);
    const ended = p.status === 'expired' || p.termEndDate < today || (p.cancellationDate !== null && p.cancellationDate <= today);
    if (p.status === 'pending-confirmation' || !ended) {
      blockers.push({ kind: 'policy-in-force', reference: p.number, policyId: p.id });
      continue;
    }
    if (!p.bound) continue;
    // Ended: its final statement (made a few days after the last day, once late miles are in) must be made and settled.
    const lastDay = p.cancellationDate !== null && p.cancellationDate < p.termEndDate ? p.cancellationDate : p.termEndDate;
    if (p.billedTo === null || p.billedTo < lastDay) blockers.push({ kind: 'final-bill-pending', reference: p.number, policyId: p.id });
    else if (p.lastSettled === false && !facts.unpaid.some((u) => u.policyId === p.id))
      blockers.push({ kind: 'refund-pending', reference: p.number, policyId: p.id });
  }
  for (const u of facts.unpaid) blockers.push({ kind: 'balance-owed', reference: u.number, policyId: u.policyId });
  for (const c of facts.openClaims) blockers.push({ kind: 'open-claim', reference: c.number, policyId: c.policyId });
  for (const d of facts.openDisputes) blockers.push({ kind: 'open-dispute', reference: d.number, policyId: d.policyId });
  return blockers;
}

/**
 * Issue 27: deleting an account. The customer (or staff on the phone for them) asks; a
 * single-use link is e-mailed in the customer's language; following it shows what is erased and
 * what is kept, and only the confirm posted from that page deletes: in one transaction, every
 * owner erases its part, the account is de-identified, every session and app token ends, and the
 * privacy request closes with what was kept and why.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly links: DeletionLinkRepository,
    private readonly users: UsersService,
    private readonly privacy: PrivacyRequestsService,
    private readonly sessions: SessionAdmin,
    private readonly codes: SignInCodes,
    private readonly miles: MilesErasure,
    private readonly proofLinks: ProofLinkErasure,
    private readonly purchases: PurchaseErasure,
    private readonly household: HouseholdErasure,
    private readonly exports: DataExportErasure,
    private readonly quotes: QuoteErasure,
    private readonly analytics: AnalyticsErasure,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** What stops the signed-in customer's deletion today (empty: it can go ahead). */
  async preview(actor: SignedInActor): Promise<DeletionBlocker[]> {
    await this.customerOf(actor);
    return blockersOf(await this.links.blockerFacts(actor.userId), this.clock.now());
  }

  /** Opens (or finds) the deletion request and e-mails a new confirmation link; an earlier link stops working. */
  async ask(actor: SignedInActor): Promise<DeletionAsked> {
    const user = await this.customerOf(actor);
    const blockers = blockersOf(await this.links.blockerFacts(user.id), this.clock.now());
    if (blockers.length) throw new AccountDeletionException(AccountDeletionErrorCode.Blocked, { blockers });
    const limit = await this.limiter.hit([rule(`account-deletion:user:${user.id}`, DELETION_LINKS_PER_HOUR, HOUR)]);
    if (!limit.allowed) {
      const error = new AccountDeletionException(AccountDeletionErrorCode.TooMany);
      error.headers['Retry-After'] = String(limit.retryAfterSeconds);
      throw error;
    }
    const { request } = await this.privacy.open(actor, 'deletion');
    const { token, hash } = newLinkToken();
    const now = this.clock.now();
    const link = await this.txHost.withTransaction(() =>
      this.links.replace({
        requestId: request.id,
        userId: user.id,
        tokenHash: hash,
        onBehalf: Boolean(actor.staff),
        createdAt: now,
        expiresAt: new Date(now.getTime() + DELETION_LINK_LIFETIME_MS),
      }),
    );
    const href = new URL(localizePath(`/account/delete/${token}`, user.locale), this.config.publicUrl).toString();
    await this.mail.queue(askMail({ to: user.email, locale: user.locale, link: href, onBehalf: Boolean(actor.staff), legal: this.config.legal }));
    await this.audit.record(actor, 'account.deletion.ask', { target: `request ${request.id} link ${link.id}` });
    return { requestId: request.id, sentTo: user.email, expiresAt: link.expiresAt.toISOString() };
  }

  /** What the page of `token` shows (a GET: it never deletes). */
  async linkState(token: string, ip: string): Promise<DeletionLinkState> {
    const limit = await this.limiter.hit([rule(`account-deletion:ip:${ip}`, DELETION_TRIES_PER_10_MINUTES, 10 * MINUTE)]);
    if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
    const hash = linkTokenHash(token);
    const link = hash && (await this.links.findByHash(hash));
    if (!link) return { kind: 'unknown' };
    const problem = this.problemOf(link);
    if (problem) return { kind: problem };
    const user = (await this.users.findById(link.userId))!;
    const blockers = blockersOf(await this.links.blockerFacts(link.userId), this.clock.now());
    if (blockers.length) return { kind: 'blocked', blockers, locale: user.locale };
    return { kind: 'ready', email: user.email, locale: user.locale };
  }

  /**
   * Deletes the account the link `token` was mailed for, when posted by whoever holds it (signed
   * in as that customer, or not signed in). A second confirm of the same link answers the same
   * and does nothing more.
   */
  async confirm(token: unknown, actor: Actor, ip: string): Promise<DeletionDone & { locale: Locale }> {
    const limit = await this.limiter.hit([rule(`account-deletion:ip:${ip}`, DELETION_TRIES_PER_10_MINUTES, 10 * MINUTE)]);
    if (!limit.allowed) {
      const error = new AccountDeletionException(AccountDeletionErrorCode.TooMany);
      error.headers['Retry-After'] = String(limit.retryAfterSeconds);
      throw error;
    }
    const hash = linkTokenHash(token);
    if (!hash) throw new AccountDeletionException(AccountDeletionErrorCode.LinkUnknown);
    const done = await this.txHost.withTransaction(async () => {
      const link = await this.links.findByHash(hash, true);
      if (!link) throw new AccountDeletionException(AccountDeletionErrorCode.LinkUnknown);
      if (actor.staff) throw new AccountDeletionException(AccountDeletionErrorCode.CustomerOnly);
      if (actor.userId && actor.userId !== link.userId) throw new AccountDeletionException(AccountDeletionErrorCode.OtherAccount);
      const user = (await this.users.findById(link.userId))!;
      if (link.usedAt) return { requestId: link.requestId, locale: user.locale, now: false as const };
      const problem = this.problemOf(link);
      if (problem === 'expired') throw new AccountDeletionException(AccountDeletionErrorCode.LinkExpired);
      if (problem === 'replaced') throw new AccountDeletionException(AccountDeletionErrorCode.LinkReplaced);
      const blockers = blockersOf(await this.links.blockerFacts(user.id), this.clock.now());
      if (blockers.length) throw new AccountDeletionException(AccountDeletionErrorCode.Blocked, { blockers });
      return { ...(await this.erase(user, link)), now: true as const };
    });
    if (done.now) {
      await this.mail.queue(doneMail({ to: done.email, locale: done.locale, legal: this.config.legal }));
      await this.audit.recordAs(
        {
          actorUserId: done.userId,
          actorEmail: done.tombstone,
          actorRole: LINK_HOLDER_ROLE,
          customer: { id: done.userId, email: done.tombstone },
          correlationId: actor.correlationId,
        },
        'account.deletion.confirm',
        `request ${done.requestId}`,
      );
    }
    return { deleted: true, requestId: done.requestId, locale: done.locale };
  }

  /** The deletion itself, in the caller's transaction: what it erased, and the e-mail it had. */
  private async erase(user: UserEntity, link: DeletionLinkRow) {
    const now = this.clock.now();
    const kept = await this.links.keptCounts(user.id);
    const miles = await this.miles.eraseCustomer(user.id);
    const proofLinks = await this.proofLinks.eraseOfCustomer(user.id);
    await this.purchases.eraseUnbought(user.id);
    const household = await this.household.eraseFor({ id: user.id, email: user.email });
    const exports = await this.exports.eraseFor(user.id);
    const quotes = await this.quotes.eraseUnbought({ id: user.id, email: user.email });
    const events = await this.analytics.eraseUser(user.id, await this.links.consentAnonymousIds(user.id));
    const codes = await this.codes.eraseAllFor({ id: user.id, email: user.email });
    const sessions = await this.sessions.revoke({ userId: user.id, email: user.email });
    const tombstone = (await this.users.tombstoneCustomer(user.id))!;
    await this.links.markUsed(link.id, now);
    await this.links.voidLive(user.id, now);
    const note = [
      `Deleted on the customer's confirmation from the e-mailed link${link.onBehalf ? ' (asked for them by staff on the phone)' : ''}.`,
      `Erased: name and e-mail (now ${tombstone.email}); ${miles.routes} trip routes, ${miles.photos} odometer photos, the location choice;` +
        ` ${quotes.quotes} unbought quotes, ${quotes.waitlist} waitlist entries; ${proofLinks} share-proof links; ${household} household invitations and memberships;` +
        ` ${exports} copies of the account's data; ${codes} sign-in codes;` +
        ` ${sessions} sessions and ${miles.devices} app devices ended; ${events} analytics events.`,
      `Kept: ${kept.policies} policies with their documents, miles and audit trail (insurance records: 5 years after each policy ends);` +
        ` ${kept.claims} claims (5 years after closing); ${kept.charges} payments and ${kept.statements} statements (tax records: 7 years);` +
        ` cookie decisions (append-only proof of consent, by analytics id only); the audit log and this request (24 months at least). See docs/decisions.md, "Issue 27: deleting an account".`,
    ].join(' ');
    await this.privacy.close(link.requestId, 'completed', note);
    return { requestId: link.requestId, userId: user.id, email: user.email, tombstone: tombstone.email, locale: user.locale };
  }

  private problemOf(link: DeletionLinkRow): 'used' | 'replaced' | 'expired' | undefined {
    if (link.usedAt) return 'used';
    if (link.voidedAt) return 'replaced';
    if (link.expiresAt.getTime() <= this.clock.now().getTime()) return 'expired';
    return undefined;
  }

  /** The signed-in account, when it is a customer's: staff accounts are not deleted this way. */
  private async customerOf(actor: SignedInActor): Promise<UserEntity> {
    const user = await this.users.findById(actor.userId);
    if (!user || user.role !== 'customer') throw new AccountDeletionException(AccountDeletionErrorCode.Staff);
    return user;
  }
}
