import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every privacy request with its 45-day answer clock (issue 27; CPRA, TDPSA, OCPA). A request
 * outlives the account it names: the CCPA regulations keep a record of each request and its
 * answer for 24 months, so `user_id` empties on the user's deletion and `email` stays. Written
 * by the privacy-requests module.
 */
export class PrivacyRequests1795820000000 implements MigrationInterface {
  name = 'PrivacyRequests1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "privacy_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "kind" text NOT NULL CHECK ("kind" IN ('access', 'deletion', 'location-erase')),
        "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'completed', 'denied', 'withdrawn')),
        "user_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "email" text NOT NULL,
        "opened_by_user_id" uuid,
        "received_at" timestamptz NOT NULL,
        "due_at" timestamptz NOT NULL,
        "extended_at" timestamptz,
        "extension_reason" text,
        "closed_at" timestamptz,
        "outcome_note" text,
        CHECK (("status" = 'open') = ("closed_at" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "privacy_requests_open_due" ON "privacy_requests" ("due_at") WHERE "status" = 'open'`);
    await queryRunner.query(`CREATE INDEX "privacy_requests_user" ON "privacy_requests" ("user_id", "received_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "privacy_requests"`);
  }
}
