import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Gateway events already handled: each event id once, whatever the gateway redelivers. */
@Injectable()
export class WebhookEventRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Records the event in the open transaction (the webhook's); false when it was recorded before. */
  async recordOnce(provider: 'stripe', eventId: string, type: string): Promise<boolean> {
    const rows = await this.txHost.tx.query<{ event_id: string }[]>(
      `INSERT INTO payment_webhook_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type],
    );
    return rows.length === 1;
  }

  async linkCharge(provider: 'stripe', eventId: string, chargeId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE payment_webhook_events SET charge_id = $3 WHERE provider = $1 AND event_id = $2`, [provider, eventId, chargeId]);
  }
}
