import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly statements: one per policy and billing period, made once (the unique key) whatever
 * number of instances run the billing job, each with its line items and its charge.
 */
export class CreateStatements1763800051000 implements MigrationInterface {
  name = 'CreateStatements1763800051000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "statements" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "period_index" integer NOT NULL CHECK ("period_index" >= 0),
        "period_start" date NOT NULL,
        "period_end" date NOT NULL,
        "lines" jsonb NOT NULL,
        "total_cents" integer NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('due', 'charging', 'paid', 'failed', 'credit')),
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz,
        "charge_id" uuid,
        "decline_reason" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "paid_at" timestamptz,
        UNIQUE ("policy_id", "period_index")
      )`);
    await queryRunner.query(
      `CREATE INDEX "statements_to_charge" ON "statements" ("status", "next_attempt_at") WHERE "status" IN ('due', 'charging', 'failed')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "statements"`);
  }
}
