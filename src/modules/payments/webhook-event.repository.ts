import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Gateway events already handled: each event id once, whatever the gateway redelivers. */
@Injectable()
export class WebhookEventRepository {
  /** Records the event in `manager`'s transaction; false when it was recorded before. */
  async recordOnce(provider: 'stripe', eventId: string, type: string, manager: EntityManager): Promise<boolean> {
    const rows = await manager.query<{ event_id: string }[]>(
      `INSERT INTO payment_webhook_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId, type],
    );
    return rows.length === 1;
  }

  async linkCharge(provider: 'stripe', eventId: string, chargeId: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE payment_webhook_events SET charge_id = $3 WHERE provider = $1 AND event_id = $2`, [provider, eventId, chargeId]);
  }
}
