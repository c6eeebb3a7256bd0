import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * From application to policy: the application on the quote (the household's other drivers and
 * cars, the address, the insurance history), the package and coverage chosen and the policy's
 * price; the policies themselves; and the purchase requests that make a purchase idempotent.
 */
export class CreatePolicies1763800040000 implements MigrationInterface {
  name = 'CreatePolicies1763800040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ADD COLUMN "application" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD COLUMN "package_chosen_at" timestamptz`);
    await queryRunner.query(`ALTER TABLE "quotes" ADD COLUMN "coverage_confirmed_at" timestamptz`);
    // The whole policy's price: each car's rates and breakdown, and the totals.
    await queryRunner.query(`ALTER TABLE "quotes" ADD COLUMN "policy_price" jsonb`);
    // The purchase that holds the quote while it charges: a second purchase of it waits its turn.
    await queryRunner.query(`ALTER TABLE "quotes" ADD COLUMN "purchase_request_id" uuid`);

    await queryRunner.query(`CREATE SEQUENCE "policy_number_seq" START 1000001`);
    await queryRunner.query(`
      CREATE TABLE "policies" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "number" text NOT NULL UNIQUE,
        "quote_id" uuid NOT NULL UNIQUE REFERENCES "quotes" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "status" text NOT NULL CHECK ("status" IN ('pending-confirmation', 'active', 'cancelled')),
        "state" text NOT NULL,
        "locale" text NOT NULL CHECK ("locale" IN ('en-US', 'es')),
        "effective_date" date NOT NULL,
        "term_end_date" date NOT NULL,
        "auto_renew" boolean NOT NULL DEFAULT true,
        "address" jsonb NOT NULL,
        "drivers" jsonb NOT NULL,
        "vehicles" jsonb NOT NULL,
        "coverage_package" text NOT NULL,
        "coverage" jsonb NOT NULL,
        "rate_version" text NOT NULL REFERENCES "rate_tables" ("version"),
        "base_rate_cents" integer NOT NULL CHECK ("base_rate_cents" > 0),
        "producer_id" text REFERENCES "agents" ("producer_id"),
        "staff_user_id" uuid REFERENCES "users" ("id"),
        "payment_method_id" uuid,
        "first_charge_id" uuid,
        "signature_name" text,
        "signed_at" timestamptz,
        "terms_version" text NOT NULL,
        "billing_day" smallint NOT NULL CHECK ("billing_day" BETWEEN 1 AND 28),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "bound_at" timestamptz,
        "cancelled_at" timestamptz,
        "cancellation_date" date,
        "cancellation_reason" text
      )`);
    await queryRunner.query(`CREATE INDEX "policies_by_user" ON "policies" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "policies_by_producer" ON "policies" ("producer_id") WHERE "producer_id" IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE "purchase_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "idempotency_key" text NOT NULL,
        "request_hash" text NOT NULL,
        "quote_id" uuid NOT NULL REFERENCES "quotes" ("id"),
        "status" text NOT NULL CHECK ("status" IN ('started', 'succeeded', 'failed')),
        "response_status" smallint,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz,
        UNIQUE ("user_id", "idempotency_key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "purchase_requests"`);
    await queryRunner.query(`DROP TABLE "policies"`);
    await queryRunner.query(`DROP SEQUENCE "policy_number_seq"`);
    for (const column of ['purchase_request_id', 'policy_price', 'coverage_confirmed_at', 'package_chosen_at', 'application']) {
      await queryRunner.query(`ALTER TABLE "quotes" DROP COLUMN "${column}"`);
    }
  }
}
