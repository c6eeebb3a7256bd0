import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { rejectedCoverages, type CoverageRejectionView, type RejectionChannel, type RejectionChooser } from '../../shared/quote/coverage-rejections';
import type { Coverage, RejectableCoverage } from '../../shared/quote/coverage-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Who is making a choice: the customer by themselves, or a staff member acting for them. */
export interface Chooser {
  staffUserId?: string;
}

interface RejectionRow {
  coverage: RejectableCoverage;
  chosenBy: RejectionChooser;
  staffName: string | null;
  channel: RejectionChannel;
  chosenAt: Date;
  signedAt: Date | null;
}

/**
 * Who turned down each coverage a quote rejects in writing (issue 26): kept per quote, so the
 * record made on the coverage page follows the quote into its policy. A row whose coverage is
 * no longer rejected is never read (`forQuote` reads the rows of the coverage as it stands).
 */
@Injectable()
export class CoverageRejectionRecords {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * The coverage as saved: a coverage newly rejected is recorded as this chooser's, now; one
   * still rejected keeps its first record (re-saving the page does not change who chose it);
   * one no longer rejected loses its record.
   */
  async record(quoteId: string, coverage: Coverage, by: Chooser, at: Date): Promise<void> {
    const rejected = rejectedCoverages(coverage);
    await this.txHost.tx.query(`DELETE FROM coverage_rejections WHERE quote_id = $1 AND NOT (coverage = ANY($2::text[]))`, [quoteId, rejected]);
    for (const key of rejected) await this.insert(quoteId, key, by.staffUserId ? 'staff' : 'customer', by, at);
  }

  /**
   * At purchase: every rejection of the coverage bought has a record. One missing (a quote saved
   * before records were kept) is the customer's on the web when the customer buys, and 'unknown'
   * (agent-assisted) when staff buy: we do not know who chose it.
   */
  async completeForPurchase(quoteId: string, coverage: Coverage, by: Chooser, at: Date): Promise<void> {
    for (const key of rejectedCoverages(coverage))
      await this.insert(quoteId, key, by.staffUserId ? 'unknown' : 'customer', {}, at, by.staffUserId ? 'agent-assisted' : 'web');
  }

  /** The named insured signed these rejections at `at` (the purchase signature, or the confirmation's acknowledgement). */
  async sign(quoteId: string, coverages: readonly RejectableCoverage[], at: Date): Promise<void> {
    if (!coverages.length) return;
    await this.txHost.tx.query(`UPDATE coverage_rejections SET signed_at = $3 WHERE quote_id = $1 AND coverage = ANY($2::text[]) AND signed_at IS NULL`, [
      quoteId,
      coverages,
      at,
    ]);
  }

  /**
   * The rejections of this coverage, each with its record; a rejection without one (made by a
   * change after the sale, which keeps no record yet) reads as unknown, chosen when the policy was.
   */
  async forQuote(quoteId: string, coverage: Coverage, fallbackAt: Date): Promise<CoverageRejectionView[]> {
    const rejected = rejectedCoverages(coverage);
    if (!rejected.length) return [];
    const rows = await this.txHost.tx.query<RejectionRow[]>(
      `SELECT r.coverage, r.chosen_by AS "chosenBy", r.channel, r.chosen_at AS "chosenAt", r.signed_at AS "signedAt",
              coalesce((SELECT a.name FROM agents a WHERE a.producer_id = u.producer_id), u.name, u.email) AS "staffName"
         FROM coverage_rejections r LEFT JOIN users u ON u.id = r.staff_user_id
        WHERE r.quote_id = $1 AND r.coverage = ANY($2::text[])`,
      [quoteId, rejected],
    );
    return rejected.map((key) => {
      const row = rows.find((r) => r.coverage === key);
      if (!row) return { coverage: key, chosenBy: 'unknown', channel: 'agent-assisted', chosenAt: new Date(fallbackAt).toISOString(), signedAt: null };
      return {
        coverage: key,
        chosenBy: row.chosenBy,
        ...(row.chosenBy === 'staff' && row.staffName ? { staffName: row.staffName } : {}),
        channel: row.channel,
        chosenAt: new Date(row.chosenAt).toISOString(),
        signedAt: row.signedAt ? new Date(row.signedAt).toISOString() : null,
      };
    });
  }

  /** The rejections of a policy's coverage (`coverage`: the policy's as it stands), by its quote. */
  async forPolicy(policyId: string, coverage: Coverage): Promise<CoverageRejectionView[]> {
    if (!rejectedCoverages(coverage).length) return [];
    const [policy] = await this.txHost.tx.query<{ quoteId: string; createdAt: Date }[]>(
      `SELECT quote_id AS "quoteId", created_at AS "createdAt" FROM policies WHERE id = $1`,
      [policyId],
    );
    return policy ? this.forQuote(policy.quoteId, coverage, policy.createdAt) : [];
  }

  private async insert(quoteId: string, key: RejectableCoverage, chosenBy: RejectionChooser, by: Chooser, at: Date, channel?: RejectionChannel): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO coverage_rejections (quote_id, coverage, chosen_by, staff_user_id, channel, chosen_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (quote_id, coverage) DO NOTHING`,
      [quoteId, key, chosenBy, by.staffUserId ?? null, channel ?? (by.staffUserId ? 'agent-assisted' : 'web'), at],
    );
  }
}
