import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff decide disputed days: the miles the customer says they drove, and on a decision its
 * outcome (the day's miles to bill and what was billable before), a note, when and by whom.
 * `adjusted_statement_id` is billing's: the statement that adjusted a day already billed.
 */
export class DecideDisputes1763800053000 implements MigrationInterface {
  name = 'DecideDisputes1763800053000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // IF NOT EXISTS: a database that ran BillingDayAndRefunds before this landed has four of them already.
    await queryRunner.query(`
      ALTER TABLE "mile_disputes"
        ADD COLUMN IF NOT EXISTS "claimed_miles" numeric CHECK ("claimed_miles" >= 0),
        ADD COLUMN IF NOT EXISTS "resolved_miles" numeric,
        ADD COLUMN IF NOT EXISTS "previous_billable_miles" numeric,
        ADD COLUMN IF NOT EXISTS "staff_note" text,
        ADD COLUMN IF NOT EXISTS "decided_at" timestamptz,
        ADD COLUMN IF NOT EXISTS "decided_by" uuid REFERENCES "users" ("id"),
        ADD COLUMN IF NOT EXISTS "adjusted_statement_id" uuid`);
    // The status check of CreateMiles already allows open, accepted and rejected; a decision is whole.
    await queryRunner.query(`
      ALTER TABLE "mile_disputes" ADD CONSTRAINT "mile_disputes_decision_check" CHECK (
        ("status" = 'open' AND "decided_at" IS NULL AND "resolved_miles" IS NULL)
        OR ("status" = 'accepted' AND "decided_at" IS NOT NULL AND "resolved_miles" >= 0 AND "previous_billable_miles" IS NOT NULL)
        OR ("status" = 'rejected' AND "decided_at" IS NOT NULL AND "resolved_miles" IS NULL))`);
    await queryRunner.query(`CREATE INDEX "mile_disputes_accepted" ON "mile_disputes" ("policy_id", "vehicle_index", "day") WHERE "status" = 'accepted'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "mile_disputes_accepted"`);
    await queryRunner.query(`ALTER TABLE "mile_disputes" DROP CONSTRAINT "mile_disputes_decision_check"`);
    // Without its outcome a decision means nothing: the days are open again, as they were.
    await queryRunner.query(`UPDATE "mile_disputes" SET "status" = 'open'`);
    await queryRunner.query(`
      ALTER TABLE "mile_disputes"
        DROP COLUMN "adjusted_statement_id",
        DROP COLUMN "decided_by",
        DROP COLUMN "decided_at",
        DROP COLUMN "staff_note",
        DROP COLUMN "previous_billable_miles",
        DROP COLUMN "resolved_miles",
        DROP COLUMN "claimed_miles"`);
  }
}
