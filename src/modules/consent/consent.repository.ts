import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ConsentChoices, ConsentSource } from '../../shared/consent';

export interface ConsentRecord extends ConsentChoices {
  recordedAt: Date;
  policyVersion: string;
}

export interface NewConsentRecord extends ConsentChoices {
  anonymousId: string | undefined;
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
  constructor(private readonly dataSource: DataSource) {}

  async append(record: NewConsentRecord): Promise<ConsentRecord> {
    const [row] = await this.dataSource.query(
      `INSERT INTO consent_records (anonymous_id, user_id, tracking, advertising, source, policy_version, gpc, user_agent, correlation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
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
      ],
    );
    return toRecord(row)!;
  }

  async findLatestForUser(userId: string): Promise<ConsentRecord | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT tracking, advertising, recorded_at, policy_version FROM consent_records
       WHERE user_id = $1 ORDER BY recorded_at DESC, id DESC LIMIT 1`,
      [userId],
    );
    return toRecord(row);
  }

  async findLatestForAnonymous(anonymousId: string): Promise<ConsentRecord | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT tracking, advertising, recorded_at, policy_version FROM consent_records
       WHERE anonymous_id = $1 ORDER BY recorded_at DESC, id DESC LIMIT 1`,
      [anonymousId],
    );
    return toRecord(row);
  }
}
