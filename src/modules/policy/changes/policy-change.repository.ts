import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../../database/changed-rows';
import type { ChangeProration, PolicyChangeKind, PolicyChangeRequest, PolicyChangeStatus } from '../../../shared/policy/policy-change-model';
import type { Application } from '../../../shared/quote/application-model';
import type { QuoteAnswers } from '../../../shared/quote/quote-model';
import type { ChangeTerms } from './change-terms';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface PolicyChangeRow {
  id: string;
  policyId: string;
  kind: PolicyChangeKind;
  status: PolicyChangeStatus;
  effectiveDate: string;
  request: PolicyChangeRequest;
  baseRevision: number;
  before: ChangeTerms;
  after: ChangeTerms;
  proration: ChangeProration;
  proposedBy: string | null;
  /** The agent of record the change leaves behind: a move to a state where they hold no licence (issue 30). */
  releasesProducerId: string | null;
  createdAt: Date;
  appliedAt: Date | null;
}

export type NewPolicyChange = Omit<PolicyChangeRow, 'id' | 'status' | 'createdAt' | 'appliedAt'>;

const COLUMNS = `id, policy_id AS "policyId", kind, status, to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", request,
  base_revision AS "baseRevision", before, after, proration, proposed_by AS "proposedBy",
  releases_producer_id AS "releasesProducerId", created_at AS "createdAt", applied_at AS "appliedAt"`;

/** Policy changes: priced, then applied once (the policy module is their one writer, as of the policies they change). */
@Injectable()
export class PolicyChangeRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The change, priced; the policy's earlier priced change (if any) superseded first: one waits at a time (issue 30). */
  async create(change: NewPolicyChange): Promise<PolicyChangeRow> {
    await this.txHost.tx.query(`UPDATE policy_changes SET status = 'superseded' WHERE policy_id = $1 AND status = 'priced'`, [change.policyId]);
    const [row] = await this.txHost.tx.query<PolicyChangeRow[]>(
      `INSERT INTO policy_changes (policy_id, kind, status, effective_date, request, base_revision, before, after, proration, proposed_by, releases_producer_id)
       VALUES ($1, $2, 'priced', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [
        change.policyId,
        change.kind,
        change.effectiveDate,
        JSON.stringify(change.request),
        change.baseRevision,
        JSON.stringify(change.before),
        JSON.stringify(change.after),
        JSON.stringify(change.proration),
        change.proposedBy,
        change.releasesProducerId,
      ],
    );
    return row;
  }

  /** The change when it is this policy's; with `forUpdate`, locked for the rest of the open transaction. */
  async findForPolicy(id: string, policyId: string, forUpdate = false): Promise<PolicyChangeRow | undefined> {
    const lock = forUpdate ? ' FOR UPDATE' : '';
    const [row] = await this.txHost.tx.query<PolicyChangeRow[]>(`SELECT ${COLUMNS} FROM policy_changes WHERE id = $1 AND policy_id = $2${lock}`, [
      id,
      policyId,
    ]);
    return row;
  }

  /** The policy's changes, newest first: applied ones, and priced ones still waiting. */
  listForPolicy(policyId: string): Promise<PolicyChangeRow[]> {
    return this.txHost.tx.query<PolicyChangeRow[]>(
      `SELECT ${COLUMNS} FROM policy_changes WHERE policy_id = $1 AND status <> 'superseded' ORDER BY created_at DESC LIMIT 100`,
      [policyId],
    );
  }

  /** The quote the policy was bought from (read only: the quote module owns it), for the rating facts of its first change. */
  async quoteAnswers(quoteId: string): Promise<{ answers: QuoteAnswers; application: Application } | undefined> {
    const [row] = await this.txHost.tx.query<{ answers: QuoteAnswers; application: Application }[]>(`SELECT answers, application FROM quotes WHERE id = $1`, [
      quoteId,
    ]);
    return row;
  }

  async markApplied(id: string, at: Date): Promise<PolicyChangeRow> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<PolicyChangeRow>>(
      `UPDATE policy_changes SET status = 'applied', applied_at = $2 WHERE id = $1 AND status = 'priced' RETURNING ${COLUMNS}`,
      [id, at],
    );
    return row;
  }

  /**
   * A booked change re-applied on top of an earlier one booked after it (out of sequence): its
   * terms before and after and its proration as they now stand.
   */
  async rerate(id: string, before: ChangeTerms, after: ChangeTerms, proration: ChangeProration): Promise<void> {
    await this.txHost.tx.query(`UPDATE policy_changes SET before = $2, after = $3, proration = $4 WHERE id = $1`, [
      id,
      JSON.stringify(before),
      JSON.stringify(after),
      JSON.stringify(proration),
    ]);
  }

  /** A booked change that will not take effect: the policy was cancelled before its day, or an earlier change made it unnecessary. */
  async void(id: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE policy_changes SET status = 'voided' WHERE id = $1`, [id]);
  }

  /** Every other change still priced against the policy's older revision: none of them can be applied now. */
  async supersedeOthers(policyId: string, keptId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE policy_changes SET status = 'superseded' WHERE policy_id = $1 AND id <> $2 AND status = 'priced'`, [policyId, keptId]);
  }
}
