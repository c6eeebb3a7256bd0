import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotes: what a visitor answers on /quote (kept as they type, under their anonymousId until
 * they sign in), the price the rating engine gave with the rate version and its breakdown, and
 * who sold it when staff buy on a customer's behalf. Also the versioned rate tables (seeded by
 * the next migration), the waiting list for states we do not sell in yet, and the quote a
 * sign-in link carries so the quote follows the visitor to another device.
 */
export class CreateQuotes1763800020000 implements MigrationInterface {
  name = 'CreateQuotes1763800020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rate_tables" (
        "version" text PRIMARY KEY,
        "effective_from" date NOT NULL,
        "data" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // A rate table is never changed once written: a new table is a new version.
    await queryRunner.query(`
      CREATE FUNCTION "rate_tables_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'rate tables are never changed: add a new version'; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "rate_tables_no_change" BEFORE UPDATE OR DELETE ON "rate_tables"
      FOR EACH ROW EXECUTE FUNCTION "rate_tables_immutable"()`);

    await queryRunner.query(`
      CREATE TABLE "quotes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "reference" text NOT NULL UNIQUE,
        "user_id" uuid REFERENCES "users" ("id") ON DELETE CASCADE,
        "anonymous_id" uuid,
        "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'purchased', 'abandoned')),
        "answers" jsonb NOT NULL DEFAULT '{}',
        "zip" text,
        "state" text,
        "coverage_package" text NOT NULL DEFAULT 'standard' CHECK ("coverage_package" IN ('liability', 'standard', 'full')),
        "coverage" jsonb,
        "locale" text NOT NULL CHECK ("locale" IN ('en-US', 'es')),
        "attribution" jsonb,
        "producer_id" text REFERENCES "agents" ("producer_id"),
        "staff_user_id" uuid REFERENCES "users" ("id"),
        "rate_version" text REFERENCES "rate_tables" ("version"),
        "base_rate_cents" integer CHECK ("base_rate_cents" > 0),
        "per_mile_rate_mills" integer CHECK ("per_mile_rate_mills" > 0),
        "breakdown" jsonb,
        "priced_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("user_id" IS NOT NULL OR "anonymous_id" IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE INDEX "quotes_by_user" ON "quotes" ("user_id", "updated_at" DESC) WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "quotes_by_anonymous" ON "quotes" ("anonymous_id", "updated_at" DESC) WHERE "user_id" IS NULL`);
    await queryRunner.query(`CREATE INDEX "quotes_by_producer" ON "quotes" ("producer_id") WHERE "producer_id" IS NOT NULL`);

    await queryRunner.query(`ALTER TABLE "sign_in_codes" ADD COLUMN "quote_id" uuid REFERENCES "quotes" ("id") ON DELETE SET NULL`);

    await queryRunner.query(`
      CREATE TABLE "state_waitlist" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "zip" text NOT NULL,
        "state" text NOT NULL,
        "locale" text NOT NULL CHECK ("locale" IN ('en-US', 'es')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "notified_at" timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "state_waitlist_once" ON "state_waitlist" (lower("email"), "state")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "state_waitlist"`);
    await queryRunner.query(`ALTER TABLE "sign_in_codes" DROP COLUMN "quote_id"`);
    await queryRunner.query(`DROP TABLE "quotes"`);
    await queryRunner.query(`DROP TABLE "rate_tables"`);
    await queryRunner.query(`DROP FUNCTION "rate_tables_immutable"()`);
  }
}
