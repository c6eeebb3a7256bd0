import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { linkTokenHash, newLinkToken } from '../../common/crypto/link-token';
import { appConfig, type AppConfig } from '../../config/app-config';
import { localizePath, type Locale } from '../../shared/locale';
import { PROOF_LINK_LIFETIME_MS, PROOF_LINKS_LIVE_MAX } from '../../shared/policy/proof-link-model';
import { AuditService } from '../audit';
import { policyView, PoliciesService, ProofOfInsurance } from '../policy';
import { MINUTE, RateLimiter, rule } from '../rate-limit';
import { ProofLinkRepository, type ProofLinkRow } from './proof-link.repository';
import { ProofLinkErrorCode, ProofLinkException } from './proof-links.exception';
import type { ProofLinkCreated, ProofLinkView, ProofOfInsuranceFacts } from '../../shared/policy/proof-link-model';
import type { SignedInActor } from '../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Views of proof pages one client address may ask for in ten minutes, found or not: a guesser gets nowhere fast. */
export const PROOF_PAGE_VIEWS_PER_10_MINUTES = 30;

/** Who a view's audit entry names: nobody signed in, a reader of a link. */
const LINK_READER = { actorUserId: '00000000-0000-0000-0000-000000000000', actorEmail: 'proof-link reader', actorRole: 'public' } as const;

/** What the proof page shows: the card, nothing (any link that is not live), or a wait. */
export type ProofPage =
  { kind: 'card'; facts: ProofOfInsuranceFacts; expiresAt: Date; state: string } | { kind: 'nothing' } | { kind: 'limited'; retryAfterSeconds: number };

/** Issue 27: share-proof links, made, listed and revoked by the customer (or staff for them), and read by anyone holding one. */
@Injectable()
export class ProofLinksService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly policies: PoliciesService,
    private readonly proof: ProofOfInsurance,
    private readonly links: ProofLinkRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** A new link to the policy's card (one car's, or every car's), its URL in `locale`: the only answer that carries its token. */
  async create(actor: SignedInActor, policyId: string, vehicleIndex: number | null, locale: Locale): Promise<ProofLinkCreated> {
    const row = await this.policies.actOn(actor, policyId, 'owner');
    if (!this.proof.inForce(row)) throw new ProofLinkException(ProofLinkErrorCode.NotAvailable);
    if (vehicleIndex !== null && !policyView(row).vehicles.some((v) => v.vehicleIndex === vehicleIndex))
      throw new ProofLinkException(ProofLinkErrorCode.CarUnknown);
    const { token, hash } = newLinkToken();
    const link = await this.txHost.withTransaction(async () => {
      const now = this.clock.now();
      if ((await this.links.countLiveLocked(row.id, now)) >= PROOF_LINKS_LIVE_MAX) throw new ProofLinkException(ProofLinkErrorCode.TooMany);
      return this.links.insert({
        policyId: row.id,
        vehicleIndex,
        tokenHash: hash,
        createdByUserId: actor.staff?.userId ?? actor.userId,
        createdByEmail: actor.staff?.email ?? actor.email,
        onBehalf: Boolean(actor.staff),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PROOF_LINK_LIFETIME_MS),
      });
    });
    await this.audit.record(actor, 'proof-link.create', { target: `${row.number} ${link.id}` });
    return { ...viewOf(link), url: new URL(localizePath(`/proof/${token}`, locale), this.config.publicUrl).toString() };
  }

  /** The policy's live links, newest first (never their tokens). */
  async list(actor: SignedInActor, policyId: string): Promise<ProofLinkView[]> {
    return this.listOf((await this.policies.owned(actor, policyId, 'owner')).id);
  }

  /** `list` of a policy already found to be the asker's (My account's server render reads its rows once). */
  async listOf(policyId: string): Promise<ProofLinkView[]> {
    return (await this.links.live(policyId, this.clock.now())).map(viewOf);
  }

  /** Revokes a live link of the policy: its page shows nothing from now on. */
  async revoke(actor: SignedInActor, policyId: string, linkId: string): Promise<{ id: string; revokedAt: string }> {
    const row = await this.policies.actOn(actor, policyId, 'owner');
    const revoked = await this.links.revoke(linkId, row.id, this.clock.now());
    if (!revoked) throw new ProofLinkException(ProofLinkErrorCode.NotFound);
    await this.audit.record(actor, 'proof-link.revoke', { target: `${row.number} ${linkId}` });
    return { id: revoked.id, revokedAt: new Date(revoked.revokedAt!).toISOString() };
  }

  /**
   * What the page of `token` shows a reader at `ip`, in `locale`: the card while its link is live
   * and the policy in force, each view counted and audited; otherwise nothing, the same for a
   * guessed, malformed, expired or revoked link and for cover that has ended.
   */
  async page(token: string, locale: Locale, ip: string, correlationId: string | null): Promise<ProofPage> {
    const limit = await this.limiter.hit([rule(`proof-page:ip:${ip}`, PROOF_PAGE_VIEWS_PER_10_MINUTES, 10 * MINUTE)]);
    if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
    const hash = linkTokenHash(token);
    const now = this.clock.now();
    const link = hash && (await this.links.findLive(hash, now));
    if (!link) return { kind: 'nothing' };
    const facts = await this.proof.card(link.policyId, link.vehicleIndex, locale);
    if (!facts) return { kind: 'nothing' };
    await this.links.countView(link.id, now);
    await this.audit.recordAs(
      { ...LINK_READER, customer: { id: link.ownerId, email: link.ownerEmail }, correlationId },
      'proof-link.view',
      `${link.policyNumber} ${link.id}`,
    );
    return { kind: 'card', facts, expiresAt: link.expiresAt, state: facts.state };
  }
}

function viewOf(link: ProofLinkRow): ProofLinkView {
  return {
    id: link.id,
    vehicleIndex: link.vehicleIndex,
    createdAt: new Date(link.createdAt).toISOString(),
    expiresAt: new Date(link.expiresAt).toISOString(),
    madeBy: link.onBehalf ? 'staff' : 'customer',
    views: link.viewCount,
    lastViewedAt: link.lastViewedAt ? new Date(link.lastViewedAt).toISOString() : null,
  };
}
