import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims (first notice of loss): the report, its photos (bytes in Postgres, no other store) and
 * its history (each change of state with the note the customer sees). The claims module is the
 * one writer of the three. A report is made once per (user, Idempotency-Key): a retried
 * submission finds the claim it made.
 */
export class CreateClaims1795632181000 implements MigrationInterface {
  name = 'CreateClaims1795632181000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "claim_number_seq" START 1`);
    await queryRunner.query(`
      CREATE TABLE "claims" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "number" text NOT NULL UNIQUE,
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "vehicle_index" integer NOT NULL CHECK ("vehicle_index" >= 0),
        "kind" text NOT NULL CHECK ("kind" IN ('accident', 'theft')),
        "status" text NOT NULL DEFAULT 'reported'
          CHECK ("status" IN ('reported', 'under_review', 'approved', 'denied', 'paid', 'closed')),
        "occurred_at" timestamptz NOT NULL,
        "location" text NOT NULL,
        "description" text NOT NULL,
        "other_party" text,
        "police_report" text,
        "injuries" boolean NOT NULL,
        "idempotency_key" text NOT NULL,
        "request_hash" text NOT NULL,
        "reported_by" uuid NOT NULL REFERENCES "users" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "idempotency_key")
      )`);
    await queryRunner.query(`CREATE INDEX "claims_by_policy" ON "claims" ("policy_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "claims_by_user" ON "claims" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "claim_photos" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "claim_id" uuid NOT NULL REFERENCES "claims" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL CHECK ("position" BETWEEN 0 AND 4),
        "content_type" text NOT NULL CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
        "bytes" bytea NOT NULL CHECK (octet_length("bytes") <= 2097152),
        UNIQUE ("claim_id", "position")
      )`);
    await queryRunner.query(`
      CREATE TABLE "claim_events" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "claim_id" uuid NOT NULL REFERENCES "claims" ("id") ON DELETE CASCADE,
        "status" text NOT NULL,
        "note" text,
        "actor_id" uuid NOT NULL REFERENCES "users" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "claim_events_by_claim" ON "claim_events" ("claim_id", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "claim_events"`);
    await queryRunner.query(`DROP TABLE "claim_photos"`);
    await queryRunner.query(`DROP TABLE "claims"`);
    await queryRunner.query(`DROP SEQUENCE "claim_number_seq"`);
  }
}
