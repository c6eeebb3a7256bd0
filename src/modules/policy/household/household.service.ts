import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../../common/clock/clock';
import { linkTokenHash, newLinkToken } from '../../../common/crypto/link-token';
import { appConfig, type AppConfig } from '../../../config/app-config';
import { stateDay } from '../../../shared/dates/state-day';
import { HOUSEHOLD_INVITATION_LIFETIME_MS, HOUSEHOLD_LIVE_MAX } from '../../../shared/policy/household-model';
import { AuditService } from '../../audit';
import { MailService } from '../../mail';
import { UsersService } from '../../users';
import { namedInsuredFirstName, namedInsuredName } from '../named-insured';
import { PoliciesService } from '../policies.service';
import { policyView } from '../policy-view';
import { PolicyRepository, type PolicyRow } from '../policy.repository';
import { householdInvitationMail } from './household-mail';
import { householdLeftMail, householdRemovedMail, householdRoleMail } from './household-notice-mail';
import { HouseholdErrorCode, HouseholdException } from './household.exception';
import { HouseholdRepository, type HouseholdRow } from './household.repository';
import type { Locale } from '../../../shared/locale';
import type { HouseholdMemberView, HouseholdRole, HouseholdState, HouseholdView, SharedPolicyView } from '../../../shared/policy/household-model';
import type { MailMessage } from '../../mail';
import type { SignedInActor } from '../../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * Issue 27, a household: the first named insured (or staff acting for them) invites a second
 * named insured by e-mail with one role; the invitee accepts signed in as that e-mail, once,
 * within 14 days; either side removes it. What a member may then do is PolicyAccess's rule.
 */
@Injectable()
export class HouseholdService {
  private readonly logger = new Logger(HouseholdService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly policies: PoliciesService,
    private readonly policyRows: PolicyRepository,
    private readonly household: HouseholdRepository,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  /** GET /api/household: the caller's policies with whom each is shared, the policies shared with them, the invitations waiting for them. */
  async view(actor: SignedInActor): Promise<HouseholdView> {
    const now = this.clock.now();
    const [owned, memberships, open] = await Promise.all([
      this.policyRows.listForUser(actor.userId),
      this.household.listForMember(actor.userId),
      this.household.openForEmail(actor.email.toLowerCase(), now),
    ]);
    return {
      owned: await Promise.all(
        owned.map(async (p) => ({
          policyId: p.id,
          policyNumber: p.number,
          members: (await this.household.listForPolicy(p.id)).filter((r) => !r.removedAt).map((r) => memberView(r, now)),
        })),
      ),
      shared: (await Promise.all(memberships.map((m) => this.sharedView(m)))).filter((v): v is SharedPolicyView => v !== undefined),
      invitations: (
        await Promise.all(
          open.map(async (r) => {
            const policy = await this.policyRows.findById(r.policyId);
            if (!policy || policy.userId === actor.userId) return undefined;
            return {
              id: r.id,
              policyNumber: policy.number,
              ownerName: namedInsuredName(policyView(policy)),
              role: r.role,
              expiresAt: r.expiresAt.toISOString(),
            };
          }),
        )
      ).filter((v) => v !== undefined),
    };
  }

  /** Invites `name` at `email` to the policy with `role`: the first named insured's alone (or staff's for them), audited, mailed in the policy's language. */
  async invite(actor: SignedInActor, policyId: string, body: { name: string; email: string; role: HouseholdRole }): Promise<HouseholdMemberView> {
    const policy = await this.policies.actOn(actor, policyId, 'owner');
    const email = body.email.trim().toLowerCase();
    const name = body.name.trim();
    const owner = await this.users.findById(policy.userId);
    if (owner && owner.email.toLowerCase() === email) throw new HouseholdException(HouseholdErrorCode.SelfInvite, { fields: { email: 'owner' } });
    const { token, hash } = newLinkToken();
    const row = await this.txHost.withTransaction(async () => {
      const now = this.clock.now();
      if (await this.household.liveForEmail(policy.id, email, now))
        throw new HouseholdException(HouseholdErrorCode.AlreadyInvited, { fields: { email: 'invited' } });
      if ((await this.household.countLiveLocked(policy.id, now)) >= HOUSEHOLD_LIVE_MAX) throw new HouseholdException(HouseholdErrorCode.TooMany);
      return this.household.insert({
        policyId: policy.id,
        name,
        email,
        role: body.role,
        locale: policy.locale,
        tokenHash: hash,
        invitedByUserId: actor.staff?.userId ?? actor.userId,
        invitedByEmail: actor.staff?.email ?? actor.email,
        onBehalf: Boolean(actor.staff),
        createdAt: now,
        expiresAt: new Date(now.getTime() + HOUSEHOLD_INVITATION_LIFETIME_MS),
      });
    });
    await this.audit.record(actor, 'household.invite', { target: `${policy.number}: ${email} (${body.role})` });
    await this.sendInvitation(policy, row, token);
    return memberView(row, this.clock.now());
  }

  /** Accepts the invitation a link's token names, for the signed-in invitee (their e-mail): once, within its days. */
  async acceptToken(actor: SignedInActor, token: string): Promise<SharedPolicyView> {
    const hash = linkTokenHash(token);
    const row = hash && (await this.household.findByTokenHash(hash));
    if (!row) throw new HouseholdException(HouseholdErrorCode.InvitationNotFound);
    return this.accept(actor, row);
  }

  /** Accepts an invitation to the signed-in person's e-mail listed on their My account. */
  async acceptById(actor: SignedInActor, id: string): Promise<SharedPolicyView> {
    const row = await this.household.findById(id);
    // Another person's invitation is not found, as none is.
    if (!row || row.email !== actor.email.toLowerCase()) throw new HouseholdException(HouseholdErrorCode.InvitationNotFound);
    return this.accept(actor, row);
  }

  private async accept(actor: SignedInActor, row: HouseholdRow): Promise<SharedPolicyView> {
    if (actor.staff) throw new HouseholdException(HouseholdErrorCode.AcceptByInvitee);
    // The same acceptance again (a double click, a retry) answers the membership it made.
    if (row.memberUserId === actor.userId && !row.removedAt) return (await this.sharedView(row))!;
    if (row.acceptedAt || row.removedAt) throw new HouseholdException(HouseholdErrorCode.InvitationUsed);
    if (row.email !== actor.email.toLowerCase()) throw new HouseholdException(HouseholdErrorCode.WrongEmail);
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime())
      throw new HouseholdException(HouseholdErrorCode.InvitationExpired, { expiredAt: row.expiresAt.toISOString() });
    const policy = await this.policyRows.findById(row.policyId);
    if (!policy) throw new HouseholdException(HouseholdErrorCode.InvitationNotFound);
    if (policy.userId === actor.userId) throw new HouseholdException(HouseholdErrorCode.SelfInvite);
    const accepted = await this.household.accept(row.id, actor.userId, now);
    if (!accepted) {
      const again = (await this.household.findById(row.id))!;
      if (again.memberUserId === actor.userId && !again.removedAt) return (await this.sharedView(again))!;
      throw new HouseholdException(HouseholdErrorCode.InvitationUsed);
    }
    await this.audit.record(actor, 'household.accept', { target: `${policy.number} (${accepted.role})`, customer: await this.ownerOf(policy) });
    return (await this.sharedView(accepted))!;
  }

  /**
   * The owner (or staff for them) gives a member, or a pending invitation, another role: from the
   * member's next request (PolicyAccess reads the role on each). The same role again changes
   * nothing, so it is neither audited nor mailed; an expired or removed one is 409.
   */
  async changeRole(actor: SignedInActor, policyId: string, memberId: string, role: HouseholdRole): Promise<HouseholdMemberView> {
    const policy = await this.policies.actOn(actor, policyId, 'owner');
    const now = this.clock.now();
    // The row is locked from reading its role to writing the new one: of two requests for the same change (a double click), one changes it and mails, the other finds it done.
    const { row, from } = await this.txHost.withTransaction(async () => {
      const found = await this.household.findByIdLocked(memberId);
      if (!found || found.policyId !== policy.id) throw new HouseholdException(HouseholdErrorCode.MemberNotFound);
      const state = stateOf(found, now);
      if (state !== 'pending' && state !== 'active') throw new HouseholdException(HouseholdErrorCode.MemberEnded, { state });
      if (found.role === role) return { row: found, from: undefined };
      return { row: await this.household.setRole(found.id, role), from: found.role };
    });
    if (from) {
      await this.audit.record(actor, 'household.role', { target: `${policy.number}: ${row.email} (${from} → ${role})` });
      const to = await this.recipient(row);
      await this.post(
        policy,
        householdRoleMail({
          ...to,
          name: row.name,
          owner: namedInsuredFirstName(policyView(policy)),
          number: policy.number,
          role,
          pendingUntil: row.acceptedAt ? undefined : stateDay(row.expiresAt, policy.state),
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    }
    return memberView(row, now);
  }

  /**
   * The owner (or staff for them) withdraws an invitation or ends a membership: from the member's
   * next request. The person is told once, by the request whose update removed it (a retry finds
   * nothing to remove); an invitation already expired is not worth a mail.
   */
  async revoke(actor: SignedInActor, policyId: string, memberId: string): Promise<HouseholdMemberView> {
    const policy = await this.policies.actOn(actor, policyId, 'owner');
    const row = await this.household.findById(memberId);
    if (!row || row.policyId !== policy.id) throw new HouseholdException(HouseholdErrorCode.MemberNotFound);
    const now = this.clock.now();
    const removed = await this.household.remove(row.id, 'revoked', now);
    if (!removed) throw new HouseholdException(HouseholdErrorCode.MemberNotFound);
    await this.audit.record(actor, 'household.revoke', { target: `${policy.number}: ${row.email}` });
    const was = stateOf({ ...removed, removedAt: null }, now);
    if (was === 'active' || was === 'pending') {
      const to = await this.recipient(removed);
      await this.post(
        policy,
        householdRemovedMail({
          ...to,
          name: removed.name,
          owner: namedInsuredFirstName(policyView(policy)),
          number: policy.number,
          invitation: was === 'pending',
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    }
    return memberView(removed, now);
  }

  /** The member leaves a policy shared with them. */
  async leave(actor: SignedInActor, membershipId: string): Promise<{ id: string; removedAt: string }> {
    const row = await this.household.findById(membershipId);
    if (!row || row.memberUserId !== actor.userId || row.removedAt) throw new HouseholdException(HouseholdErrorCode.MemberNotFound);
    const removed = await this.household.remove(row.id, 'left', this.clock.now());
    if (!removed) throw new HouseholdException(HouseholdErrorCode.MemberNotFound);
    const policy = await this.policyRows.findById(row.policyId);
    const owner = policy && (await this.users.findById(policy.userId));
    await this.audit.record(actor, 'household.leave', { target: policy?.number, customer: owner ? { id: owner.id, email: owner.email } : undefined });
    // The owner is told by the request that removed it, once, in their account's language.
    if (policy && owner)
      await this.post(
        policy,
        householdLeftMail({
          to: owner.email,
          locale: owner.locale,
          owner: namedInsuredFirstName(policyView(policy)),
          member: removed.name,
          memberEmail: removed.email,
          number: policy.number,
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    return { id: removed.id, removedAt: removed.removedAt!.toISOString() };
  }

  /**
   * Where a notice to an invitation's person goes, and in which language: their account's (the
   * member's; for an invitation, an account the address already has), else the policy's, which
   * the invitation was written in.
   */
  private async recipient(row: HouseholdRow): Promise<{ to: string; locale: Locale }> {
    const account = row.memberUserId ? await this.users.findById(row.memberUserId) : await this.users.findByEmail(row.email);
    return { to: account?.email ?? row.email, locale: account?.locale ?? (row.locale as Locale) };
  }

  /** Queues a household mail; mail never undoes the change it tells of (logged, not thrown). */
  private async post(policy: PolicyRow, message: MailMessage, what = 'household notice'): Promise<void> {
    try {
      await this.mail.queue(message);
    } catch (error) {
      this.logger.error({ err: error, policy: policy.number }, `${what} not queued`);
    }
  }

  private async ownerOf(policy: PolicyRow): Promise<{ id: string; email: string } | undefined> {
    const owner = await this.users.findById(policy.userId);
    return owner ? { id: owner.id, email: owner.email } : undefined;
  }

  private async sharedView(row: HouseholdRow): Promise<SharedPolicyView | undefined> {
    const policy = await this.policyRows.findById(row.policyId);
    if (!policy || !row.acceptedAt) return undefined;
    return {
      membershipId: row.id,
      policyId: policy.id,
      policyNumber: policy.number,
      ownerName: namedInsuredName(policyView(policy)),
      role: row.role,
      status: policy.status,
      state: policy.state,
      cancellationDate: policy.cancellationDate ?? null,
      acceptedAt: row.acceptedAt.toISOString(),
    };
  }

  /** The invitation's e-mail, its link carrying the token (in the fragment: it reaches no server log). Mail never undoes the invitation. */
  private async sendInvitation(policy: PolicyRow, row: HouseholdRow, token: string): Promise<void> {
    const locale = row.locale as Locale;
    const mail = householdInvitationMail({
      to: row.email,
      name: row.name,
      owner: namedInsuredName(policyView(policy)),
      number: policy.number,
      role: row.role,
      expiresOn: stateDay(row.expiresAt, policy.state),
      link: `${this.config.publicUrl}${locale === 'es' ? '/es' : ''}/profile#household=${token}`,
      locale,
      legal: this.config.legal,
    });
    await this.post(policy, mail, 'household invitation mail');
  }
}

/** Where an invitation stands at `now`. */
function stateOf(row: HouseholdRow, now: Date): HouseholdState {
  if (row.removedAt) return row.removedHow === 'left' ? 'left' : 'revoked';
  if (row.acceptedAt) return 'active';
  return row.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
}

export function memberView(row: HouseholdRow, now: Date): HouseholdMemberView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
  };
}
