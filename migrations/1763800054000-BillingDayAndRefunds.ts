import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The billing day a customer chooses (anchors where periods run from it), the period we last
 * reminded them to send miles in, and credits paid back to the card.
 */
export class BillingDayAndRefunds1763800054000 implements MigrationInterface {
  name = 'BillingDayAndRefunds1763800054000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // TEMPORARY until DecideDisputes lands
    for (const column of ['"resolved_miles" numeric', '"previous_billable_miles" numeric', '"decided_at" timestamptz', '"adjusted_statement_id" uuid']) {
      await queryRunner.query(`ALTER TABLE "mile_disputes" ADD COLUMN IF NOT EXISTS ${column}`);
    }
    await queryRunner.query(`ALTER TABLE "policies" ADD COLUMN "billing_anchors" jsonb`);
    await queryRunner.query(`ALTER TABLE "policies" ADD COLUMN "miles_reminded_period" integer`);
    await queryRunner.query(`ALTER TABLE "statements" DROP CONSTRAINT "statements_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "statements" ADD CONSTRAINT "statements_status_check" CHECK ("status" IN ('due', 'charging', 'paid', 'failed', 'credit', 'refunded'))`,
    );
    await queryRunner.query(`ALTER TABLE "statements" ADD COLUMN "refund_ref" text`);
    await queryRunner.query(`ALTER TABLE "statements" ADD COLUMN "refunded_at" timestamptz`);
    // The sandbox gateway's refunds, part or whole, once per key (as Stripe's are).
    await queryRunner.query(`
      CREATE TABLE "sandbox_refunds" (
        "id" text PRIMARY KEY,
        "idempotency_key" text NOT NULL UNIQUE,
        "charge_id" text NOT NULL REFERENCES "sandbox_charges" ("id"),
        "amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_refunds"`);
    await queryRunner.query(`ALTER TABLE "statements" DROP COLUMN "refunded_at"`);
    await queryRunner.query(`ALTER TABLE "statements" DROP COLUMN "refund_ref"`);
    await queryRunner.query(`UPDATE "statements" SET "status" = 'credit' WHERE "status" = 'refunded'`);
    await queryRunner.query(`ALTER TABLE "statements" DROP CONSTRAINT "statements_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "statements" ADD CONSTRAINT "statements_status_check" CHECK ("status" IN ('due', 'charging', 'paid', 'failed', 'credit'))`,
    );
    await queryRunner.query(`ALTER TABLE "policies" DROP COLUMN "miles_reminded_period"`);
    await queryRunner.query(`ALTER TABLE "policies" DROP COLUMN "billing_anchors"`);
  }
}
