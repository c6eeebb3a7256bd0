import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics events the browser sends through /api/a when no upstream is configured (the
 * first-party default of DESIGN.md "Telemetry"). A retried batch is stored once: each event's
 * messageId is unique.
 */
export class CreateAnalyticsEvents1763800011000 implements MigrationInterface {
  name = 'CreateAnalyticsEvents1763800011000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_events" (
        "id" bigserial PRIMARY KEY,
        "message_id" text NOT NULL UNIQUE,
        "type" text NOT NULL CHECK ("type" IN ('track', 'page', 'identify', 'screen', 'group', 'alias')),
        "event" text,
        "name" text,
        "anonymous_id" text,
        "user_id" text,
        "properties" jsonb NOT NULL DEFAULT '{}',
        "traits" jsonb NOT NULL DEFAULT '{}',
        "context" jsonb NOT NULL DEFAULT '{}',
        "sent_at" timestamptz,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "analytics_events_received" ON "analytics_events" ("received_at")`);
    await queryRunner.query(`CREATE INDEX "analytics_events_user" ON "analytics_events" ("user_id") WHERE "user_id" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analytics_events"`);
  }
}
