import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { Locale } from '../../shared/locale';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A made export without its files (migrations/1795850000000-DataExports.ts). */
export interface DataExportRow {
  id: string;
  requestId: string;
  userId: string;
  locale: Locale;
  createdAt: Date;
  expiresAt: Date;
}

const COLUMNS = `id, request_id AS "requestId", user_id AS "userId", locale, created_at AS "createdAt", expires_at AS "expiresAt"`;

/** The data_exports table: its one writer. */
@Injectable()
export class DataExportRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Keeps the request's files; nothing when they were kept already (a retried job). */
  async insert(row: Omit<DataExportRow, 'id'> & { json: Buffer; pdf: Buffer }): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO data_exports (request_id, user_id, locale, json, pdf, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (request_id) DO NOTHING`,
      [row.requestId, row.userId, row.locale, row.json, row.pdf, row.createdAt, row.expiresAt],
    );
  }

  async ofRequest(requestId: string): Promise<DataExportRow | undefined> {
    const [row] = await this.txHost.tx.query<DataExportRow[]>(`SELECT ${COLUMNS} FROM data_exports WHERE request_id = $1`, [requestId]);
    return row;
  }

  /** The user's newest export still kept at `now`. */
  async latestLive(userId: string, now: Date): Promise<DataExportRow | undefined> {
    const [row] = await this.txHost.tx.query<DataExportRow[]>(
      `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC LIMIT 1`,
      [userId, now],
    );
    return row;
  }

  /** One file of the user's own live export `id`; undefined for another's, an expired one, or none. */
  async file(userId: string, id: string, kind: 'json' | 'pdf', now: Date): Promise<{ body: Buffer; createdAt: Date } | undefined> {
    const [row] = await this.txHost.tx.query<{ body: Buffer; createdAt: Date }[]>(
      `SELECT ${kind === 'json' ? 'json' : 'pdf'} AS body, created_at AS "createdAt" FROM data_exports WHERE id = $1 AND user_id = $2 AND expires_at > $3`,
      [id, userId, now],
    );
    return row;
  }

  /** Deletes the exports past their keeping: how many. */
  async pruneExpired(now: Date): Promise<number> {
    const [, count] = await this.txHost.tx.query<[unknown, number]>(`DELETE FROM data_exports WHERE expires_at <= $1`, [now]);
    return count;
  }
}
