import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { AnalyticsEventDto } from './analytics.dto';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** Stored analytics events (first-party default): one row per event, a retried event kept once. */
@Injectable()
export class AnalyticsEventRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insertBatch(events: AnalyticsEventDto[], sentAt: string | undefined): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO analytics_events (message_id, type, event, name, anonymous_id, user_id, properties, traits, context, sent_at)
       SELECT e."messageId", e.type, e.event, e.name, e."anonymousId", e."userId",
              coalesce(e.properties, '{}'), coalesce(e.traits, '{}'), coalesce(e.context, '{}'), $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS e("messageId" text, type text, event text, name text, "anonymousId" text,
            "userId" text, properties jsonb, traits jsonb, context jsonb)
       ON CONFLICT (message_id) DO NOTHING`,
      [JSON.stringify(events), sentAt ?? null],
    );
  }
}
