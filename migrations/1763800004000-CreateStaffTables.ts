import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff: the agent directory, the state of staff accounts, which agent serves a customer,
 * and the append-only audit log of everything staff do.
 */
export class CreateStaffTables1763800004000 implements MigrationInterface {
  name = 'CreateStaffTables1763800004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "active" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "served_by_producer_id" text`);
    await queryRunner.query(`
      CREATE TABLE "agents" (
        "producer_id" text PRIMARY KEY,
        "user_id" uuid NOT NULL UNIQUE REFERENCES "users" ("id"),
        "name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "license_number" text NOT NULL,
        "licensed_states" text[] NOT NULL,
        "active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "audit_log" (
        "id" bigserial PRIMARY KEY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor_user_id" uuid NOT NULL,
        "actor_email" text NOT NULL,
        "actor_role" text NOT NULL,
        "customer_user_id" uuid,
        "customer_email" text,
        "action" text NOT NULL,
        "target" text,
        "correlation_id" text
      )`);
    await queryRunner.query(`CREATE INDEX "audit_log_actor" ON "audit_log" ("actor_user_id", "at" DESC)`);
    await queryRunner.query(`CREATE INDEX "audit_log_customer" ON "audit_log" ("customer_user_id", "at" DESC)`);
    // Append-only: rows can be added, never changed or removed.
    await queryRunner.query(`
      CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP FUNCTION "audit_log_append_only"()`);
    await queryRunner.query(`DROP TABLE "agents"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "served_by_producer_id"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "active"`);
  }
}
