import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { FeatureFlags } from '../../shared/app-state';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** The feature_flags table: one value per key. */
@Injectable()
export class FeatureFlagsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async all(): Promise<FeatureFlags> {
    const rows = await this.txHost.tx.query<{ key: string; value: boolean | number | string }[]>(`SELECT key, value FROM feature_flags ORDER BY key`);
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async set(key: string, value: boolean | number | string): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO feature_flags (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
