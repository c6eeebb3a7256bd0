import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { privacyAnswerDue, privacyAnswerExtended } from '../../shared/privacy/privacy-answer-due';
import { PRIVACY_ANSWER_DAYS, PRIVACY_EXTENSION_DAYS } from '../../shared/privacy/privacy-request-model';
import { AuditService } from '../audit';
import { PrivacyRequestRepository, type PrivacyRequestRow } from './privacy-request.repository';
import { PrivacyRequestErrorCode, PrivacyRequestException } from './privacy-requests.exception';
import type { PrivacyRequestKind, PrivacyRequestStatus, PrivacyRequestView } from '../../shared/privacy/privacy-request-model';
import type { SignedInActor } from '../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** How a request closes: done as asked, refused with a reason, or taken back by the customer. */
export type PrivacyRequestClosing = Exclude<PrivacyRequestStatus, 'open'>;

/**
 * Issue 27: the log of privacy requests and their 45-day answer clock (CPRA, TDPSA, OCPA). The
 * modules that do the work (the data export, the account's deletion, erasing kept locations)
 * open a request here when the customer asks and close it when answered; the admin screen lists
 * them by what is due first.
 */
@Injectable()
export class PrivacyRequestsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly requests: PrivacyRequestRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Opens a request of `kind` for the signed-in customer (staff's own id kept when they act for
   * them), or answers the one already open: a retry or a second tab makes no second request.
   */
  async open(actor: SignedInActor, kind: PrivacyRequestKind): Promise<{ request: PrivacyRequestRow; opened: boolean }> {
    const result = await this.txHost.withTransaction(async () => {
      await this.requests.lockOpening(actor.userId, kind);
      const open = await this.requests.openOf(actor.userId, kind);
      if (open) return { request: open, opened: false };
      const receivedAt = this.clock.now();
      const request = await this.requests.insert({
        kind,
        userId: actor.userId,
        email: actor.email,
        openedByUserId: actor.staff?.userId ?? null,
        receivedAt,
        dueAt: privacyAnswerDue(receivedAt, PRIVACY_ANSWER_DAYS),
      });
      return { request, opened: true };
    });
    if (result.opened) await this.audit.record(actor, 'privacy.request.open', { target: `${kind}:${result.request.id}` });
    return result;
  }

  /**
   * Records a request that was asked and answered at once (erasing kept locations is done in the
   * same click), so the log holds every request the law counts.
   */
  async openAnswered(actor: SignedInActor, kind: PrivacyRequestKind, outcomeNote: string | null = null): Promise<PrivacyRequestRow> {
    const { request } = await this.open(actor, kind);
    return this.close(request.id, 'completed', outcomeNote);
  }

  /** Closes open request `id`; PRIVACY_REQUEST_CLOSED when it was answered already (the first answer stands). */
  async close(id: string, status: PrivacyRequestClosing, outcomeNote: string | null = null): Promise<PrivacyRequestRow> {
    const closed = await this.requests.close(id, status, this.clock.now(), outcomeNote);
    if (closed) return closed;
    throw await this.whyNot(id);
  }

  /** Extends open request `id` once by 45 days, with the reason the customer is told. */
  async extend(id: string, reason: string): Promise<PrivacyRequestRow> {
    const found = await this.requests.find(id);
    if (!found) throw new PrivacyRequestException(PrivacyRequestErrorCode.NotFound);
    if (found.status !== 'open') throw new PrivacyRequestException(PrivacyRequestErrorCode.Closed);
    const extended = await this.requests.extend(id, this.clock.now(), privacyAnswerExtended(found.dueAt, PRIVACY_EXTENSION_DAYS), reason);
    if (extended) return extended;
    throw found.extendedAt ? new PrivacyRequestException(PrivacyRequestErrorCode.ExtendedAlready) : await this.whyNot(id);
  }

  find(id: string): Promise<PrivacyRequestRow | undefined> {
    return this.requests.find(id);
  }

  /** The customer's open request of `kind`, if any. */
  openOf(userId: string, kind: PrivacyRequestKind): Promise<PrivacyRequestRow | undefined> {
    return this.requests.openOf(userId, kind);
  }

  /** The customer's requests, newest first. */
  ofUser(userId: string): Promise<PrivacyRequestRow[]> {
    return this.requests.ofUser(userId);
  }

  /** The admin screen's list: open ones first, soonest due first. */
  list(filter: { status?: PrivacyRequestStatus; limit?: number; offset?: number }): Promise<PrivacyRequestRow[]> {
    return this.requests.list({ status: filter.status, limit: filter.limit ?? 50, offset: filter.offset ?? 0 });
  }

  private async whyNot(id: string): Promise<PrivacyRequestException> {
    const found = await this.requests.find(id);
    return new PrivacyRequestException(found ? PrivacyRequestErrorCode.Closed : PrivacyRequestErrorCode.NotFound);
  }
}

/** A request as the admin screen and the customer's page show it. */
export function privacyRequestView(row: PrivacyRequestRow): PrivacyRequestView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    email: row.email,
    openedByStaff: row.openedByUserId !== null,
    receivedAt: row.receivedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    extendedAt: row.extendedAt?.toISOString() ?? null,
    extensionReason: row.extensionReason,
    closedAt: row.closedAt?.toISOString() ?? null,
    outcomeNote: row.outcomeNote,
  };
}
