import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ConsentChoices, ConsentSource } from '../../shared/consent';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface ConsentRecord extends ConsentChoices {
  recordedAt: Date;
  policyVersion: string;
}

export interface NewConsentRecord extends ConsentChoices {
  /** The analytics id the decision is about (proof of consent for what vendors receive). */
  anonymousId: string | undefined;
  /** The session that decided before sign-in: the only key that reads the decision back. */
  visitorKey: string | undefined;
  userId: string | undefined;
  source: ConsentSource;
  policyVersion: string;
  gpc: boolean;
  userAgent: string | undefined;
  correlationId: string | undefined;
}

type Row = { tracking: boolean; advertising: boolean; recorded_at: Date; policy_version: string };

const toRecord = (row: Row | undefined): ConsentRecord | undefined =>
  row && { tracking: row.tracking, advertising: row.advertising, recordedAt: row.recorded_at, policyVersion: row.policy_version };

/** The append-only consent_records table: rows are added, never changed. */
@Injectable()
export class ConsentRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async append(record: NewConsentRecord): Promise<ConsentRecord> {
    const [row] = await this.txHost.tx.query<Row[]>(
      `INSERT INTO consent_records (anonymous_id, user_id, tracking, advertising, source, policy_version, gpc, user_agent, correlation_id, visitor_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING tracking, advertising, recorded_at, policy_version`,
      [
        record.anonymousId ?? null,
        record.userId ?? null,
        record.tracking,
        record.advertising,
        record.source,
        record.policyVersion,
        record.gpc,
        record.userAgent?.slice(0, 512) ?? null,
        record.correlationId ?? null,
        record.visitorKey ?? null,
      ],
    );
    return toRecord(row)!;
  }

  findLatestForUser(userId: string): Promise<ConsentRecord | undefined> {
    return this.findLatestBy('user_id', userId);
  }

  /** Every decision recorded for the user, oldest first (the data export). */
  async listForUser(userId: string): Promise<(ConsentRecord & { source: string; gpc: boolean })[]> {
    const rows = await this.txHost.tx.query<(Row & { source: string; gpc: boolean })[]>(
      `SELECT tracking, advertising, recorded_at, policy_version, source, gpc FROM consent_records
        WHERE user_id = $1 ORDER BY recorded_at, id`,
      [userId],
    );
    return rows.map((row) => ({ ...toRecord(row)!, source: row.source, gpc: row.gpc }));
  }

  findLatestForVisitor(visitorKey: string): Promise<ConsentRecord | undefined> {
    return this.findLatestBy('visitor_key', visitorKey);
  }

  private async findLatestBy(column: 'user_id' | 'visitor_key', value: string): Promise<ConsentRecord | undefined> {
    const [row] = await this.txHost.tx.query<Row[]>(
      `SELECT tracking, advertising, recorded_at, policy_version FROM consent_records
       WHERE ${column} = $1 ORDER BY recorded_at DESC, id DESC LIMIT 1`,
      [value],
    );
    return toRecord(row);
  }
}
