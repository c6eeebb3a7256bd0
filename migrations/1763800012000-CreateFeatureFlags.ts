import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feature flags without a vendor (DESIGN.md "Telemetry"): one row per flag, bootstrapped into
 * every page. `live_chat` shows the chat launcher.
 */
export class CreateFeatureFlags1763800012000 implements MigrationInterface {
  name = 'CreateFeatureFlags1763800012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "feature_flags" (
        "key" text PRIMARY KEY CHECK ("key" ~ '^[a-z][a-z0-9_]{0,62}$'),
        "value" jsonb NOT NULL CHECK (jsonb_typeof("value") IN ('boolean', 'number', 'string')),
        "description" text NOT NULL DEFAULT '',
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO "feature_flags" ("key", "value", "description")
      VALUES ('live_chat', 'true', 'Show the chat launcher (the widget when CHAT_WIDGET_URL is set, else a link to /contact).')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "feature_flags"`);
  }
}
