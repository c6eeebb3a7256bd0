import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { settles } from '../../shared/claims/claim-settlement';
import { canMove, nextStatuses } from '../../shared/claims/claim-states';
import { StaffScope } from '../agent';
import { AuditService } from '../audit';
import { type Actor, personOf, type SignedInActor } from '../session';
import { ClaimMessages } from './claim-messages.service';
import { ClaimNotifications } from './claim-notifications.service';
import { settleBlockFor } from './claim-settlement';
import { ClaimViews } from './claim-views.service';
import { ClaimErrorCode, ClaimException } from './claim.exception';
import { ClaimRepository, type ClaimRow, type StoredClaimPhoto } from './claim.repository';
import type { StaffClaimView } from '../../shared/claims/claim-model';
import type { ClaimStatus } from '../../shared/claims/claim-states';
import type { ClaimStatusDto } from './claims.dto';

/** Staff's side of claims: list those within reach, open one, move it through its states with a note the customer sees. */
@Injectable()
export class StaffClaimsService {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly views: ClaimViews,
    private readonly audit: AuditService,
    private readonly notify: ClaimNotifications,
    private readonly clock: Clock,
    private readonly messages: ClaimMessages,
  ) {}

  async list(actor: Actor, status?: ClaimStatus): Promise<StaffClaimView[]> {
    return this.views.forStaff(await this.claims.listForStaff(StaffScope.of(actor), status), (row) => settleBlockFor(actor, row));
  }

  /** One claim opened on the staff screen: recorded (who read which customer's claim), acting on behalf or not (issue 30, item 7). */
  async get(actor: SignedInActor, id: string): Promise<StaffClaimView> {
    const claim = await this.within(actor, id);
    await this.audit.record(actor, 'claim.view', { target: `${claim.number} (${claim.policyNumber})`, customer: customerOf(claim) });
    return this.view(actor, claim);
  }

  /**
   * Moves the claim one legal step (claim-states.ts), once: a step the state machine does not
   * allow, or a claim someone moved since the screen was drawn, is refused with 409.
   */
  async move(actor: SignedInActor, id: string, body: ClaimStatusDto): Promise<StaffClaimView> {
    const claim = await this.within(actor, id);
    if (body.from !== undefined && body.from !== claim.status) throw new ClaimException(ClaimErrorCode.StatusChanged, { status: claim.status });
    if (!canMove(claim.status, body.to))
      throw new ClaimException(ClaimErrorCode.TransitionNotAllowed, { from: claim.status, to: body.to, allowed: nextStatuses(claim.status) });
    const blocked = settles(claim.status, body.to) ? settleBlockFor(actor, claim) : null;
    if (blocked) throw new ClaimException(ClaimErrorCode.SettlementNotAllowed, { reason: blocked });
    if (!(await this.claims.move(claim.id, claim.status, body.to, body.note, personOf(actor), this.clock.now())))
      throw new ClaimException(ClaimErrorCode.StatusChanged);
    await this.audit.record(actor, 'claim.status', {
      target: `${claim.number} (${claim.policyNumber}): ${claim.status} → ${body.to}`,
      customer: customerOf(claim),
    });
    const moved = await this.view(actor, await this.within(actor, id));
    await this.notify.changed(claim.policyId, moved, body.note);
    return moved;
  }

  /**
   * A reply from the claims staff, once per key: recorded in the audit log with the customer, and
   * the customer is mailed that a message waits (in their language, without its text).
   */
  async reply(actor: SignedInActor, id: string, key: string, body: string): Promise<{ claim: StaffClaimView; created: boolean }> {
    const claim = await this.within(actor, id);
    const { id: messageId, created } = await this.messages.write(actor, claim, 'staff', key, body);
    const view = await this.view(actor, claim);
    if (created) {
      await this.audit.record(actor, 'claim.message.reply', { target: `${claim.number} (${claim.policyNumber})`, customer: customerOf(claim) });
      const message = view.messages.find((m) => m.id === messageId);
      await this.notify.staffWrote(claim.policyId, view, message?.author ?? null);
    }
    return { claim: view, created };
  }

  async photo(actor: SignedInActor, claimId: string, photoId: string): Promise<StoredClaimPhoto> {
    const claim = await this.claims.findForStaff(claimId, StaffScope.of(actor));
    const photo = claim && (await this.claims.photo(claim.id, photoId));
    if (!photo) throw new ClaimException(ClaimErrorCode.PhotoNotFound);
    await this.audit.record(actor, 'claim.photo.view', { target: `${claim.number} (${claim.policyNumber}): ${photoId}`, customer: customerOf(claim) });
    return photo;
  }

  private async view(actor: Actor, claim: ClaimRow): Promise<StaffClaimView> {
    return (await this.views.forStaff([claim], (row) => settleBlockFor(actor, row)))[0];
  }

  /** The claim when it is within the staff member's reach; not found (404) otherwise, as if it did not exist. */
  private async within(actor: Actor, id: string): Promise<ClaimRow> {
    const claim = await this.claims.findForStaff(id, StaffScope.of(actor));
    if (!claim) throw new ClaimException(ClaimErrorCode.NotFound);
    return claim;
  }
}

/** The customer a claim is about, for its audit entries. */
function customerOf(claim: ClaimRow): { id: string; email: string } {
  return { id: claim.userId, email: claim.customerEmail };
}
