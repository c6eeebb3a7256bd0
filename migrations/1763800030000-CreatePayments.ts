import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments. No table holds a card number or a security code: a card reaches us as a token the
 * browser made (Stripe's PaymentMethod, or the sandbox's), and we keep its brand, last four and
 * expiry only.
 *
 * - `payment_customers`: a user's customer record at the gateway (Stripe's cus_…).
 * - `payment_methods`: the card a user saved for later (off-session) charges; one current per
 *   user, earlier ones kept with the time they were replaced.
 * - `payment_charges`: one row per idempotency key, written (pending) before the gateway is
 *   called and settled with its outcome, so a retry with the same key gets the original outcome.
 * - `payment_webhook_events`: each gateway event id once.
 * - `sandbox_card_tokens`, `sandbox_charges`: the built-in sandbox gateway's own records (the
 *   test card's outcome kept with the token, never the number; one sandbox charge per key).
 */
export class CreatePayments1763800030000 implements MigrationInterface {
  name = 'CreatePayments1763800030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "payment_customers" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "provider" text NOT NULL CHECK ("provider" IN ('sandbox', 'stripe')),
        "provider_customer_ref" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "provider")
      )`);

    await queryRunner.query(`
      CREATE TABLE "payment_methods" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "provider" text NOT NULL CHECK ("provider" IN ('sandbox', 'stripe')),
        "provider_method_ref" text NOT NULL,
        "brand" text NOT NULL,
        "last4" text NOT NULL CHECK ("last4" ~ '^[0-9]{4}$'),
        "exp_month" smallint NOT NULL CHECK ("exp_month" BETWEEN 1 AND 12),
        "exp_year" smallint NOT NULL CHECK ("exp_year" BETWEEN 2000 AND 2200),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "replaced_at" timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "payment_methods_current" ON "payment_methods" ("user_id") WHERE "replaced_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "payment_methods_by_user" ON "payment_methods" ("user_id", "created_at" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "payment_charges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "idempotency_key" text NOT NULL UNIQUE,
        "request_hash" text NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "purpose" text NOT NULL,
        "reference" text,
        "description" text NOT NULL,
        "amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
        "currency" text NOT NULL DEFAULT 'usd' CHECK ("currency" = 'usd'),
        "provider" text NOT NULL CHECK ("provider" IN ('sandbox', 'stripe')),
        "payment_method_id" uuid REFERENCES "payment_methods" ("id"),
        "provider_method_ref" text NOT NULL,
        "off_session" boolean NOT NULL,
        "save_method" boolean NOT NULL DEFAULT false,
        "card_brand" text,
        "card_last4" text CHECK ("card_last4" ~ '^[0-9]{4}$'),
        "card_exp_month" smallint CHECK ("card_exp_month" BETWEEN 1 AND 12),
        "card_exp_year" smallint CHECK ("card_exp_year" BETWEEN 2000 AND 2200),
        "status" text NOT NULL DEFAULT 'pending'
          CHECK ("status" IN ('pending', 'requires_action', 'processing', 'succeeded', 'declined', 'error')),
        "decline_reason" text CHECK ("decline_reason" IN ('card_declined', 'insufficient_funds', 'expired_card')),
        "provider_code" text,
        "provider_charge_ref" text UNIQUE,
        "attempts" integer NOT NULL DEFAULT 0,
        "used_for" text,
        "refunded_at" timestamptz,
        "provider_refund_ref" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "settled_at" timestamptz,
        CHECK (("status" = 'declined') = ("decline_reason" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "payment_charges_by_user" ON "payment_charges" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "payment_charges_unsettled" ON "payment_charges" ("created_at") WHERE "settled_at" IS NULL`);

    await queryRunner.query(`
      CREATE TABLE "payment_webhook_events" (
        "provider" text NOT NULL CHECK ("provider" IN ('stripe')),
        "event_id" text NOT NULL,
        "type" text NOT NULL,
        "charge_id" uuid REFERENCES "payment_charges" ("id"),
        "received_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("provider", "event_id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "sandbox_card_tokens" (
        "id" text PRIMARY KEY,
        "brand" text NOT NULL,
        "last4" text NOT NULL CHECK ("last4" ~ '^[0-9]{4}$'),
        "exp_month" smallint NOT NULL CHECK ("exp_month" BETWEEN 1 AND 12),
        "exp_year" smallint NOT NULL CHECK ("exp_year" BETWEEN 2000 AND 2200),
        "outcome" text NOT NULL CHECK ("outcome" IN ('approve', 'card_declined', 'insufficient_funds', 'expired_card', 'processing_error')),
        "customer_ref" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE "sandbox_charges" (
        "id" text PRIMARY KEY,
        "idempotency_key" text NOT NULL UNIQUE,
        "token_id" text NOT NULL REFERENCES "sandbox_card_tokens" ("id"),
        "customer_ref" text,
        "amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
        "currency" text NOT NULL,
        "off_session" boolean NOT NULL,
        "outcome" text NOT NULL CHECK ("outcome" IN ('succeeded', 'card_declined', 'insufficient_funds', 'expired_card', 'processing_error')),
        "refunded_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_charges"`);
    await queryRunner.query(`DROP TABLE "sandbox_card_tokens"`);
    await queryRunner.query(`DROP TABLE "payment_webhook_events"`);
    await queryRunner.query(`DROP TABLE "payment_charges"`);
    await queryRunner.query(`DROP TABLE "payment_methods"`);
    await queryRunner.query(`DROP TABLE "payment_customers"`);
  }
}
