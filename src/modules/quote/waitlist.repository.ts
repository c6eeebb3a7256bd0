import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { Locale } from '../../shared/locale';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** People to tell when we start selling in their state. */
@Injectable()
export class WaitlistRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Adds the address for the state (once per address and state). */
  async add(entry: { email: string; zip: string; state: string; locale: Locale }): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO state_waitlist (email, zip, state, locale) VALUES ($1, $2, $3, $4)
       ON CONFLICT (lower(email), state) DO UPDATE SET zip = EXCLUDED.zip, locale = EXCLUDED.locale`,
      [entry.email, entry.zip, entry.state, entry.locale],
    );
  }
}
