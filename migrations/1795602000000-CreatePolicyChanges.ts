import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Policy changes (endorsements, issue 16): each priced against one revision of the policy and
 * applied at most once. The policy's revision counts the changes applied to it, so a change
 * priced before another landed is refused, and billing reads the terms in force on each day.
 */
export class CreatePolicyChanges1795602000000 implements MigrationInterface {
  name = 'CreatePolicyChanges1795602000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "policies" ADD COLUMN "revision" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE TABLE "policy_changes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "kind" text NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('priced', 'applied', 'superseded')),
        "effective_date" date NOT NULL,
        "request" jsonb NOT NULL,
        "base_revision" integer NOT NULL,
        "before" jsonb NOT NULL,
        "after" jsonb NOT NULL,
        "proration" jsonb NOT NULL,
        "proposed_by" uuid REFERENCES "users" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "applied_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "policy_changes_by_policy" ON "policy_changes" ("policy_id", "created_at" DESC)`);
    // One change applied per revision: two priced against the same policy never both land.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "policy_changes_one_per_revision" ON "policy_changes" ("policy_id", "base_revision") WHERE "status" = 'applied'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "policy_changes"`);
    await queryRunner.query(`ALTER TABLE "policies" DROP COLUMN "revision"`);
  }
}
