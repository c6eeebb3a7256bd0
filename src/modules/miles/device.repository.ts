import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface DeviceRow {
  id: string;
  userId: string;
  name: string;
  platform: 'ios' | 'android';
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", name, platform, created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

/** The app's devices; a device is known by the SHA-256 of its token, never the token. */
@Injectable()
export class DeviceRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async create(device: { userId: string; tokenHash: string; name: string; platform: string }): Promise<DeviceRow> {
    const [row] = await this.txHost.tx.query<DeviceRow[]>(
      `INSERT INTO mobile_devices (user_id, token_hash, name, platform) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [device.userId, device.tokenHash, device.name, device.platform],
    );
    return row;
  }

  /** The live device with this token, marked as used now. */
  async useToken(tokenHash: string): Promise<DeviceRow | undefined> {
    const [rows] = await this.txHost.tx.query<ChangedRows<DeviceRow>>(
      `UPDATE mobile_devices SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [tokenHash],
    );
    return rows[0];
  }

  listForUser(userId: string): Promise<DeviceRow[]> {
    return this.txHost.tx.query<DeviceRow[]>(`SELECT ${COLUMNS} FROM mobile_devices WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`, [
      userId,
    ]);
  }

  /** Signs out every device of a user, in the caller's transaction: how many. */
  async revokeAllForUser(userId: string): Promise<number> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE mobile_devices SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    );
    return rows.length;
  }

  async revoke(id: string, userId: string): Promise<boolean> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE mobile_devices SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, userId],
    );
    return rows.length > 0;
  }
}
