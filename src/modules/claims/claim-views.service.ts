import { Injectable } from '@nestjs/common';
import { messagesUntil } from '../../shared/claims/claim-messages';
import { nextSteps } from '../../shared/claims/claim-next-steps';
import { vehicleName } from '../../shared/quote/quote-model';
import { ClaimRepository, type ClaimRow } from './claim.repository';
import type { ClaimView, StaffClaimView } from '../../shared/claims/claim-model';
import type { ClaimSettleBlock } from '../../shared/claims/claim-settlement';

/** Claims as the API answers them: each with its history, its photos' ids and its messages, in three queries for any number of claims. */
@Injectable()
export class ClaimViews {
  constructor(private readonly claims: ClaimRepository) {}

  /** As `readerId` reads them: the claim's owner, or a household member of its policy (each message says whether they wrote it). */
  async forCustomer(rows: ClaimRow[], readerId: string): Promise<ClaimView[]> {
    return (await this.build(rows, () => null, readerId)).map(({ customerEmail: _email, producerId: _producer, settleBlocked: _blocked, ...view }) => view);
  }

  /** `settleBlock`: why the staff member asking may not settle each (claim-settlement.ts). */
  forStaff(rows: ClaimRow[], settleBlock: (row: ClaimRow) => ClaimSettleBlock | null = () => null): Promise<StaffClaimView[]> {
    return this.build(rows, settleBlock, null);
  }

  private async build(rows: ClaimRow[], settleBlock: (row: ClaimRow) => ClaimSettleBlock | null, readerId: string | null): Promise<StaffClaimView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [events, photos, messages] = await Promise.all([this.claims.events(ids), this.claims.photoIds(ids), this.claims.messages(ids)]);
    return rows.map((row) => {
      const history = events
        .filter((event) => event.claimId === row.id)
        .map((event) => ({ status: event.status, note: event.note, at: new Date(event.createdAt).toISOString() }));
      const closed = row.status === 'closed' ? history.findLast((event) => event.status === 'closed') : undefined;
      return {
        id: row.id,
        number: row.number,
        policyId: row.policyId,
        policyNumber: row.policyNumber,
        vehicleIndex: row.vehicleIndex,
        vehicle: row.vehicle ? vehicleName(row.vehicle) : '',
        kind: row.kind,
        status: row.status,
        occurredAt: new Date(row.occurredAt).toISOString(),
        location: row.location,
        description: row.description,
        otherParty: row.otherParty,
        policeReport: row.policeReport,
        injuries: row.injuries,
        photoIds: photos.filter((photo) => photo.claimId === row.id).map((photo) => photo.id),
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
        events: history,
        nextSteps: nextSteps({ status: row.status, events: history }, row.policyState),
        handler: row.agent ? { kind: 'agent' as const, ...row.agent } : { kind: 'team' as const },
        messages: messages
          .filter((message) => message.claimId === row.id)
          .map(({ id, side, author, authorId, writerName, onBehalf, body, createdAt }) => {
            const typedByCustomer = side === 'customer' && !onBehalf;
            return {
              id,
              side,
              author,
              onBehalf,
              member: typedByCustomer && authorId !== row.userId ? (writerName ?? '') : null,
              mine: typedByCustomer && authorId === readerId,
              body,
              at: new Date(createdAt).toISOString(),
            };
          }),
        messagesUntil: messagesUntil(closed?.at ?? null),
        customerEmail: row.customerEmail,
        producerId: row.producerId,
        settleBlocked: settleBlock(row),
      };
    });
  }
}
