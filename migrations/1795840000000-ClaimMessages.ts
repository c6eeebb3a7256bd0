import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, a claim's messages: the customer (or staff acting for them) and the claims staff
 * write to each other on the claim. `side` is whose voice the message is (the customer's, or
 * Meterly's); `author_id` who typed it (a staff member's own account when writing for the
 * customer). A retried send carries the same Idempotency-Key: one message per key and claim.
 */
export class ClaimMessages1795840000000 implements MigrationInterface {
  name = 'ClaimMessages1795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "claim_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "claim_id" uuid NOT NULL REFERENCES "claims" ("id") ON DELETE CASCADE,
        "author_id" uuid NOT NULL REFERENCES "users" ("id"),
        "side" text NOT NULL CHECK ("side" IN ('customer', 'staff')),
        "on_behalf" boolean NOT NULL DEFAULT false,
        "body" text NOT NULL CHECK (char_length("body") BETWEEN 1 AND 2000),
        "idempotency_key" text NOT NULL,
        "request_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL,
        UNIQUE ("claim_id", "idempotency_key")
      )`);
    await queryRunner.query(`CREATE INDEX "claim_messages_by_claim" ON "claim_messages" ("claim_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "claim_messages"`);
  }
}
