import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, cancellation's paper: who asked for a cancellation and why, for the cancellation
 * notice. The policies row keeps the day and the reason it always had; this row adds who asked
 * (the customer, or which staff member acting for them). One per policy: a policy is cancelled once.
 */
export class PolicyCancellations1795740000000 implements MigrationInterface {
  name = 'PolicyCancellations1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "policy_cancellations" (
        "policy_id" uuid PRIMARY KEY REFERENCES "policies" ("id") ON DELETE CASCADE,
        "asked_by" text NOT NULL CHECK ("asked_by" IN ('customer', 'staff')),
        "staff_email" text,
        "reason" text NOT NULL,
        "recorded_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "policy_cancellations"`);
  }
}
