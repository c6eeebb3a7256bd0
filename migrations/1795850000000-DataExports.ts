import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's copy of their data (issue 27, "download my data"): the JSON and the PDF the
 * background job made for an access request, kept 7 days for the signed-in owner to download.
 * One export per privacy request; a failed job leaves none (the request stays open). Written by
 * the data-export module.
 */
export class DataExports1795850000000 implements MigrationInterface {
  name = 'DataExports1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "data_exports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "request_id" uuid NOT NULL UNIQUE REFERENCES "privacy_requests" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "locale" text NOT NULL CHECK ("locale" IN ('en-US', 'es')),
        "json" bytea NOT NULL,
        "pdf" bytea NOT NULL,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "data_exports_user" ON "data_exports" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "data_exports_expires" ON "data_exports" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "data_exports"`);
  }
}
