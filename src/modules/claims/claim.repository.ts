import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { CLAIM_PHOTO_LIMIT } from '../../shared/claims/claim-model';
import { type StaffScope, staffScopeSql } from '../agent';
import type { ChangedRows } from '../../database/changed-rows';
import type { ClaimKind, ClaimMessageSide } from '../../shared/claims/claim-model';
import type { ClaimStatus } from '../../shared/claims/claim-states';
import type { ClaimPhoto } from './claim-photos';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A claim as stored, with its policy's number, the car reported and whose it is. */
export interface ClaimRow {
  id: string;
  number: string;
  policyId: string;
  policyNumber: string;
  /** The policy's state: the day a claim happened is that state's. */
  policyState: string;
  userId: string;
  customerEmail: string;
  /** Who filed the report: the customer, or the staff member acting for them. */
  reportedBy: string;
  producerId: string | null;
  /** The agent who sold the policy, while they are active: the claim's handler (else the claims team). */
  agent: { name: string; email: string; phone: string } | null;
  /** That agent's account (their language for the claim's mail to them); null with no agent. */
  agentUserId: string | null;
  vehicleIndex: number;
  vehicle: { year: number; make: string; model: string } | null;
  kind: ClaimKind;
  status: ClaimStatus;
  occurredAt: Date;
  location: string;
  description: string;
  otherParty: string | null;
  policeReport: string | null;
  injuries: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClaimEventRow {
  claimId: string;
  status: ClaimStatus;
  note: string | null;
  createdAt: Date;
}

/** A report to record: what the customer said, whose it is, and its key. */
export type NewClaimRow = Pick<
  ClaimRow,
  'policyId' | 'userId' | 'vehicleIndex' | 'kind' | 'occurredAt' | 'location' | 'description' | 'otherParty' | 'policeReport' | 'injuries'
> & { idempotencyKey: string; requestHash: string; reportedBy: string; at: Date };

/** An open claim as the agent customers screen lists it, with whose it is. */
export interface CustomerOpenClaimRow {
  id: string;
  number: string;
  status: ClaimStatus;
  userId: string;
}

export interface ClaimMessageRow {
  id: string;
  claimId: string;
  side: ClaimMessageSide;
  /** The agent's name, for a staff message written by an agent. */
  author: string | null;
  /** Whose account typed it (a staff member's own when staff wrote). */
  authorId: string;
  /** The name of the customer-side writer's account (the claim's owner or a household member), when it has one. */
  writerName: string | null;
  onBehalf: boolean;
  body: string;
  createdAt: Date;
}

/** A message to record, with the key a retry sends again. */
export interface NewClaimMessageRow {
  claimId: string;
  authorId: string;
  side: ClaimMessageSide;
  onBehalf: boolean;
  body: string;
  idempotencyKey: string;
  requestHash: string;
  at: Date;
}

export interface StoredClaimPhoto {
  contentType: string;
  bytes: Buffer;
}

const SELECT = `SELECT c.id, c.number, c.policy_id AS "policyId", p.number AS "policyNumber", p.state AS "policyState", c.user_id AS "userId", u.email AS "customerEmail", c.reported_by AS "reportedBy",
    p.producer_id AS "producerId", c.vehicle_index AS "vehicleIndex", policy_car(c.policy_id, c.vehicle_index) AS vehicle, c.kind, c.status,
    c.occurred_at AS "occurredAt", c.location, c.description, c.other_party AS "otherParty", c.police_report AS "policeReport",
    c.injuries, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
    CASE WHEN a.producer_id IS NULL THEN NULL ELSE json_build_object('name', a.name, 'email', a.email, 'phone', a.phone) END AS agent,
    a.user_id AS "agentUserId"
  FROM claims c JOIN policies p ON p.id = c.policy_id JOIN users u ON u.id = c.user_id
  LEFT JOIN agents a ON a.producer_id = p.producer_id AND a.active`;

/** The claims a customer ($n) sees: theirs, and those on a policy shared with them that they still share (issue 27). */
const ownOrShared = (n: number) =>
  `(c.user_id = $${n} OR c.policy_id IN (SELECT h.policy_id FROM household_members h WHERE h.member_user_id = $${n} AND h.removed_at IS NULL))`;

/** Staff's reach: an admin's ($n null) is every claim, an agent's the claims on policies they sold. */

/** Claims, their photos, their history and their messages: the claims module is the one writer of the four tables. */
@Injectable()
export class ClaimRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Records a report and its first step in one transaction; undefined when this user already
   * made a report with this key (a retry, a second tab), which is then left as it was. Its
   * photos come after, one request each (addPhoto).
   */
  insert(claim: NewClaimRow): Promise<string | undefined> {
    return this.txHost.withTransaction(async () => {
      const year = claim.at.getUTCFullYear();
      const [row] = await this.txHost.tx.query<{ id: string }[]>(
        `INSERT INTO claims (number, policy_id, user_id, vehicle_index, kind, occurred_at, location, description, other_party, police_report,
           injuries, idempotency_key, request_hash, reported_by, created_at, updated_at)
         VALUES ('CLM-' || $1::text || '-' || lpad(nextval('claim_number_seq')::text, 6, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING
         RETURNING id`,
        [
          year,
          claim.policyId,
          claim.userId,
          claim.vehicleIndex,
          claim.kind,
          claim.occurredAt,
          claim.location,
          claim.description,
          claim.otherParty,
          claim.policeReport,
          claim.injuries,
          claim.idempotencyKey,
          claim.requestHash,
          claim.reportedBy,
          claim.at,
        ],
      );
      if (!row) return undefined;
      await this.addEvent(row.id, 'reported', null, claim.reportedBy, claim.at);
      return row.id;
    });
  }

  /** The report this user made with this key, if any: its id and what was sent. */
  async findByKey(userId: string, idempotencyKey: string): Promise<{ id: string; requestHash: string } | undefined> {
    const [row] = await this.txHost.tx.query<{ id: string; requestHash: string }[]>(
      `SELECT id, request_hash AS "requestHash" FROM claims WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, idempotencyKey],
    );
    return row;
  }

  /** A claim of the user's, or on a policy shared with them (issue 27, a household). */
  async findForUser(id: string, userId: string): Promise<ClaimRow | undefined> {
    const [row] = await this.txHost.tx.query<ClaimRow[]>(`${SELECT} WHERE c.id = $1 AND ${ownOrShared(2)}`, [id, userId]);
    return row;
  }

  /** The user's claims and those on policies shared with them, newest first. */
  listForUser(userId: string): Promise<ClaimRow[]> {
    return this.txHost.tx.query<ClaimRow[]>(`${SELECT} WHERE ${ownOrShared(1)} ORDER BY c.created_at DESC, c.number DESC`, [userId]);
  }

  /** A claim within a staff member's reach (StaffScope: the claims on policies they sold, an admin's all). */
  async findForStaff(id: string, scope: StaffScope): Promise<ClaimRow | undefined> {
    const [row] = await this.txHost.tx.query<ClaimRow[]>(`${SELECT} WHERE c.id = $1 AND ${staffScopeSql('p.producer_id', 2)}`, [id, scope.producerId]);
    return row;
  }

  /** The claims within reach, those still open first, then newest first; one state's only when asked. */
  listForStaff(scope: StaffScope, status?: ClaimStatus): Promise<ClaimRow[]> {
    return this.txHost.tx.query<ClaimRow[]>(
      `${SELECT} WHERE ${staffScopeSql('p.producer_id', 1)} AND ($2::text IS NULL OR c.status = $2)
       ORDER BY (c.status = 'closed'), c.created_at DESC, c.number DESC LIMIT 500`,
      [scope.producerId, status ?? null],
    );
  }

  /** These customers' open (not closed) claims within reach, newest first: the agent customers screen's column. */
  openForCustomers(userIds: string[], scope: StaffScope): Promise<CustomerOpenClaimRow[]> {
    return this.txHost.tx.query<CustomerOpenClaimRow[]>(
      `SELECT c.id, c.number, c.status, c.user_id AS "userId" FROM claims c JOIN policies p ON p.id = c.policy_id
        WHERE c.user_id = ANY($1::uuid[]) AND c.status <> 'closed' AND ${staffScopeSql('p.producer_id', 2)}
        ORDER BY c.created_at DESC, c.number DESC`,
      [userIds, scope.producerId],
    );
  }

  /** The history of these claims, oldest step first. */
  events(claimIds: string[]): Promise<ClaimEventRow[]> {
    return this.txHost.tx.query<ClaimEventRow[]>(
      `SELECT claim_id AS "claimId", status, note, created_at AS "createdAt" FROM claim_events WHERE claim_id = ANY($1::uuid[]) ORDER BY id`,
      [claimIds],
    );
  }

  /** The ids of these claims' photos, in the order they were sent. */
  photoIds(claimIds: string[]): Promise<{ claimId: string; id: string }[]> {
    return this.txHost.tx.query<{ claimId: string; id: string }[]>(
      `SELECT claim_id AS "claimId", id FROM claim_photos WHERE claim_id = ANY($1::uuid[]) ORDER BY position`,
      [claimIds],
    );
  }

  /** The messages of these claims, oldest first; a staff message with its agent's name when an agent wrote it, a customer's with the writer's. */
  messages(claimIds: string[]): Promise<ClaimMessageRow[]> {
    return this.txHost.tx.query<ClaimMessageRow[]>(
      `SELECT m.id, m.claim_id AS "claimId", m.side, CASE WHEN m.side = 'staff' THEN a.name END AS author, m.author_id AS "authorId",
              CASE WHEN m.side = 'customer' THEN COALESCE(NULLIF(btrim(w.name), ''), invited.name) END AS "writerName", m.on_behalf AS "onBehalf", m.body,
              m.created_at AS "createdAt"
         FROM claim_messages m JOIN claims c ON c.id = m.claim_id
         LEFT JOIN agents a ON a.user_id = m.author_id LEFT JOIN users w ON w.id = m.author_id
         -- A household member's account may have no name yet: the one the owner invited them by (issue 27).
         LEFT JOIN LATERAL (SELECT h.name FROM household_members h WHERE h.policy_id = c.policy_id AND h.member_user_id = m.author_id
                             ORDER BY h.accepted_at DESC NULLS LAST LIMIT 1) invited ON true
        WHERE m.claim_id = ANY($1::uuid[]) ORDER BY m.created_at, m.id`,
      [claimIds],
    );
  }

  /** The message sent on this claim with this key, if any: what it said, as a hash. */
  async messageByKey(claimId: string, idempotencyKey: string): Promise<{ id: string; requestHash: string } | undefined> {
    const [row] = await this.txHost.tx.query<{ id: string; requestHash: string }[]>(
      `SELECT id, request_hash AS "requestHash" FROM claim_messages WHERE claim_id = $1 AND idempotency_key = $2`,
      [claimId, idempotencyKey],
    );
    return row;
  }

  /** Records a message once per key: its id, or undefined when this claim already has a message with the key (a retry, a second tab). */
  async addMessage(message: NewClaimMessageRow): Promise<string | undefined> {
    const [row] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO claim_messages (claim_id, author_id, side, on_behalf, body, idempotency_key, request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (claim_id, idempotency_key) DO NOTHING
       RETURNING id`,
      [message.claimId, message.authorId, message.side, message.onBehalf, message.body, message.idempotencyKey, message.requestHash, message.at],
    );
    return row?.id;
  }

  /** When the claim closed, if it has (closed is its last state). */
  async closedAt(claimId: string): Promise<Date | null> {
    const [row] = await this.txHost.tx.query<{ at: Date }[]>(
      `SELECT created_at AS at FROM claim_events WHERE claim_id = $1 AND status = 'closed' ORDER BY id DESC LIMIT 1`,
      [claimId],
    );
    return row?.at ?? null;
  }

  async photoCount(claimId: string): Promise<number> {
    const [row] = await this.txHost.tx.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM claim_photos WHERE claim_id = $1`, [claimId]);
    return row.n;
  }

  /**
   * Adds a photo after the claim's others, under the claim's row lock (two uploads at once take
   * two places, never the same, never a sixth). The same bytes already on the claim are that
   * photo (created false); undefined when the claim holds its 5 photos.
   */
  addPhoto(claimId: string, photo: ClaimPhoto): Promise<{ id: string; created: boolean } | undefined> {
    return this.txHost.withTransaction(async () => {
      await this.txHost.tx.query(`SELECT id FROM claims WHERE id = $1 FOR UPDATE`, [claimId]);
      const [same] = await this.txHost.tx.query<{ id: string }[]>(`SELECT id FROM claim_photos WHERE claim_id = $1 AND bytes = $2`, [claimId, photo.bytes]);
      if (same) return { id: same.id, created: false };
      const [inserted] = await this.txHost.tx.query<{ id: string }[]>(
        `INSERT INTO claim_photos (claim_id, position, content_type, bytes)
         SELECT $1, count(*), $2, $3 FROM claim_photos WHERE claim_id = $1 HAVING count(*) < $4
         RETURNING id`,
        [claimId, photo.contentType, photo.bytes, CLAIM_PHOTO_LIMIT],
      );
      return inserted && { id: inserted.id, created: true };
    });
  }

  async photo(claimId: string, photoId: string): Promise<StoredClaimPhoto | undefined> {
    const [row] = await this.txHost.tx.query<StoredClaimPhoto[]>(
      `SELECT content_type AS "contentType", bytes FROM claim_photos WHERE claim_id = $1 AND id = $2`,
      [claimId, photoId],
    );
    return row;
  }

  /**
   * Moves a claim from `from` to `to` and records the step with its note, once: false when the
   * claim was no longer in `from` (someone else moved it meanwhile).
   */
  move(id: string, from: ClaimStatus, to: ClaimStatus, note: string, actorId: string, at: Date): Promise<boolean> {
    return this.txHost.withTransaction(async () => {
      const [, affected] = await this.txHost.tx.query<ChangedRows>(`UPDATE claims SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2`, [
        id,
        from,
        to,
        at,
      ]);
      if (affected === 0) return false;
      await this.addEvent(id, to, note, actorId, at);
      return true;
    });
  }

  private async addEvent(claimId: string, status: ClaimStatus, note: string | null, actorId: string, at: Date): Promise<void> {
    await this.txHost.tx.query(`INSERT INTO claim_events (claim_id, status, note, actor_id, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      claimId,
      status,
      note,
      actorId,
      at,
    ]);
  }
}
