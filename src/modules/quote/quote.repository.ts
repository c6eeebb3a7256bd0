import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { Locale } from '../../shared/locale';
import type { Application } from '../../shared/quote/application-model';
import type { BreakdownLine, CoveragePackage, PolicyPrice, QuoteAnswers } from '../../shared/quote/quote-model';
import type { Attribution } from '../session';
import type { QuoteOwner } from './quote-owner';
import type { Coverage } from './rating/rating-types';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Conditional writes tried before a change runs under the row's lock. */
const OPTIMISTIC_ATTEMPTS = 3;

export interface QuoteRow {
  id: string;
  reference: string;
  userId: string | null;
  visitorKey: string | null;
  status: 'open' | 'purchased' | 'abandoned';
  answers: QuoteAnswers;
  zip: string | null;
  state: string | null;
  coveragePackage: CoveragePackage;
  coverage: Coverage | null;
  locale: Locale;
  attribution: Attribution | null;
  producerId: string | null;
  staffUserId: string | null;
  rateVersion: string | null;
  baseRateCents: number | null;
  perMileRateMills: number | null;
  breakdown: BreakdownLine[] | null;
  pricedAt: Date | null;
  application: Application;
  packageChosenAt: Date | null;
  coverageConfirmedAt: Date | null;
  policyPrice: PolicyPrice | null;
  purchaseRequestId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A quote of an account's: its type says it has an owner (the purchase's quotes, a policy's quote). */
export type OwnedQuote = QuoteRow & { userId: string };

/** The row is this account's quote. */
export function isOwnedBy(row: QuoteRow, userId: string): row is OwnedQuote {
  return row.userId === userId;
}

/** What a change to a quote writes: its answers and application, and the prices they now give (or none). */
export interface QuoteChange {
  answers: QuoteAnswers;
  zip: string | null;
  state: string | null;
  coveragePackage: CoveragePackage;
  coverage: Coverage | null;
  price: { rateVersion: string; baseRateCents: number; perMileRateMills: number; breakdown: BreakdownLine[]; pricedAt: Date } | null;
  application: Application;
  packageChosenAt: Date | null;
  coverageConfirmedAt: Date | null;
  policyPrice: PolicyPrice | null;
}

/** A row's current values as a change that alters nothing. */
export function changeOf(row: QuoteRow): QuoteChange {
  return {
    answers: row.answers,
    zip: row.zip,
    state: row.state,
    coveragePackage: row.coveragePackage,
    coverage: row.coverage,
    price:
      row.rateVersion && row.baseRateCents && row.perMileRateMills && row.breakdown && row.pricedAt
        ? {
            rateVersion: row.rateVersion,
            baseRateCents: row.baseRateCents,
            perMileRateMills: row.perMileRateMills,
            breakdown: row.breakdown,
            pricedAt: row.pricedAt,
          }
        : null,
    application: row.application,
    packageChosenAt: row.packageChosenAt,
    coverageConfirmedAt: row.coverageConfirmedAt,
    policyPrice: row.policyPrice,
  };
}

const COLUMNS = `id, reference, user_id AS "userId", visitor_key AS "visitorKey", status, answers, zip, state,
  coverage_package AS "coveragePackage", coverage, locale, attribution, producer_id AS "producerId",
  staff_user_id AS "staffUserId", rate_version AS "rateVersion", base_rate_cents AS "baseRateCents",
  per_mile_rate_mills AS "perMileRateMills", breakdown, priced_at AS "pricedAt", application,
  package_chosen_at AS "packageChosenAt", coverage_confirmed_at AS "coverageConfirmedAt", policy_price AS "policyPrice",
  purchase_request_id AS "purchaseRequestId", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** `user_id = $n` for an account, or a browser's quote not yet joined to one. */
function ownedBy(owner: QuoteOwner, param: number): { sql: string; value: string } {
  return 'userId' in owner
    ? { sql: `user_id = $${param}`, value: owner.userId }
    : { sql: `user_id IS NULL AND visitor_key = $${param}`, value: owner.visitorKey };
}

/** Quotes, always read and written through their owner. */
@Injectable()
export class QuoteRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async create(input: {
    reference: string;
    owner: QuoteOwner;
    locale: Locale;
    attribution?: Attribution;
    producerId?: string;
    staffUserId?: string;
  }): Promise<QuoteRow> {
    const [row] = await this.txHost.tx.query<QuoteRow[]>(
      `INSERT INTO quotes (reference, user_id, visitor_key, locale, attribution, producer_id, staff_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        input.reference,
        'userId' in input.owner ? input.owner.userId : null,
        'visitorKey' in input.owner ? input.owner.visitorKey : null,
        input.locale,
        input.attribution && Object.keys(input.attribution).length ? input.attribution : null,
        input.producerId ?? null,
        input.staffUserId ?? null,
      ],
    );
    return row;
  }

  async findForOwner(id: string, owner: QuoteOwner): Promise<QuoteRow | undefined> {
    const where = ownedBy(owner, 2);
    const [row] = await this.txHost.tx.query<QuoteRow[]>(`SELECT ${COLUMNS} FROM quotes WHERE id = $1 AND ${where.sql}`, [id, where.value]);
    return row;
  }

  /** Every quote of the account, newest first (the data export). */
  listForUser(userId: string): Promise<QuoteRow[]> {
    return this.txHost.tx.query<QuoteRow[]>(`SELECT ${COLUMNS} FROM quotes WHERE user_id = $1 ORDER BY created_at DESC, id`, [userId]);
  }

  /** The owner's quote worked on last that is still open: the one /quote resumes. */
  async findLatestOpen(owner: QuoteOwner): Promise<QuoteRow | undefined> {
    const where = ownedBy(owner, 1);
    const [row] = await this.txHost.tx.query<QuoteRow[]>(
      `SELECT ${COLUMNS} FROM quotes WHERE ${where.sql} AND status = 'open' ORDER BY updated_at DESC LIMIT 1`,
      [where.value],
    );
    return row;
  }

  /**
   * Writes what `change` makes of the owner's quote, as a read and one conditional write: the
   * write applies only to the version of the row `change` saw (its xmin), else `change` runs again
   * on the row as it is now, so two saves of one quote never interleave and no connection is held
   * while `change` works (issue 17: the locking transaction's four round trips, with a pooled
   * connection held across them, set a re-price's p99). After a few lost races, `change` runs
   * under the row's lock. `change` computes; it may run more than once.
   */
  async update(id: string, owner: QuoteOwner, change: (row: QuoteRow) => Promise<QuoteChange>): Promise<QuoteRow | undefined> {
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const where = ownedBy(owner, 2);
      const [read] = await this.txHost.tx.query<Array<QuoteRow & { rowVersion: string }>>(
        `SELECT ${COLUMNS}, xmin::text AS "rowVersion" FROM quotes WHERE id = $1 AND ${where.sql}`,
        [id, where.value],
      );
      if (!read) return undefined;
      const { rowVersion, ...row } = read;
      const [updated] = await this.write(id, await change(row), rowVersion);
      if (updated[0]) return updated[0];
    }
    return this.txHost.withTransaction(async () => {
      const where = ownedBy(owner, 2);
      const [row] = await this.txHost.tx.query<QuoteRow[]>(`SELECT ${COLUMNS} FROM quotes WHERE id = $1 AND ${where.sql} FOR UPDATE`, [id, where.value]);
      if (!row) return undefined;
      const [updated] = await this.write(id, await change(row));
      return updated[0];
    });
  }

  /** The change written to the quote; only to the row version given, when one is. */
  private write(id: string, next: QuoteChange, rowVersion?: string): Promise<ChangedRows<QuoteRow>> {
    return this.txHost.tx.query<ChangedRows<QuoteRow>>(
      `UPDATE quotes SET answers = $2, zip = $3, state = $4, coverage_package = $5, coverage = $6, rate_version = $7,
         base_rate_cents = $8, per_mile_rate_mills = $9, breakdown = $10, priced_at = $11, application = $12,
         package_chosen_at = $13, coverage_confirmed_at = $14, policy_price = $15, updated_at = now()
       WHERE id = $1 AND ($16::text IS NULL OR xmin::text = $16) RETURNING ${COLUMNS}`,
      [
        id,
        next.answers,
        next.zip,
        next.state,
        next.coveragePackage,
        next.coverage,
        next.price?.rateVersion ?? null,
        next.price?.baseRateCents ?? null,
        next.price?.perMileRateMills ?? null,
        next.price ? JSON.stringify(next.price.breakdown) : null,
        next.price?.pricedAt ?? null,
        next.application,
        next.packageChosenAt,
        next.coverageConfirmedAt,
        next.policyPrice,
        rowVersion ?? null,
      ],
    );
  }

  /**
   * Holds an open quote for one purchase attempt, so a second tab cannot pay for it at the same
   * time. A holder that failed, or that started over two minutes ago and has no payment in
   * flight, lets go (the browser was closed mid-purchase).
   */
  async claimForPurchase(id: string, userId: string, requestId: string): Promise<boolean> {
    // An UPDATE answers [rows, count].
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE quotes q SET purchase_request_id = $3 WHERE id = $1 AND user_id = $2 AND status = 'open' AND (
          purchase_request_id IS NULL OR purchase_request_id = $3 OR EXISTS (
            SELECT 1 FROM purchase_requests r WHERE r.id = q.purchase_request_id AND (r.status = 'failed' OR (
              r.status = 'started' AND r.created_at < now() - interval '2 minutes' AND NOT EXISTS (
                SELECT 1 FROM payment_charges c WHERE c.purpose = 'policy-purchase' AND c.reference = q.id::text
                  AND c.idempotency_key LIKE '%:' || r.idempotency_key AND c.status IN ('pending', 'processing'))))))
        RETURNING id`,
      [id, userId, requestId],
    );
    return rows.length > 0;
  }

  /** Lets go of a quote the attempt held (it was declined). */
  async releasePurchase(id: string, requestId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE quotes SET purchase_request_id = NULL WHERE id = $1 AND purchase_request_id = $2`, [id, requestId]);
  }

  /** Reads the quote locked for the caller's transaction (the purchase that closes it). */
  async lockForPurchase(id: string): Promise<QuoteRow | undefined> {
    const [row] = await this.txHost.tx.query<QuoteRow[]>(`SELECT ${COLUMNS} FROM quotes WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async markPurchased(id: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE quotes SET status = 'purchased', updated_at = now() WHERE id = $1`, [id]);
  }

  /**
   * Joins a browser's open quotes, and the quote a sign-in link named, to the account that
   * just signed in; the e-mail on them becomes the account's.
   */
  async attachToUser(userId: string, email: string, from: { visitorKey?: string; quoteId?: string }): Promise<number> {
    if (!from.visitorKey && !from.quoteId) return 0;
    const [, count] = await this.txHost.tx.query<ChangedRows>(
      `UPDATE quotes SET user_id = $1, answers = jsonb_set(answers, '{email}', to_jsonb($2::text)), updated_at = now()
        WHERE user_id IS NULL AND ((visitor_key = $3 AND status = 'open') OR id = $4)`,
      [userId, email, from.visitorKey ?? null, from.quoteId ?? null],
    );
    return count;
  }
}
