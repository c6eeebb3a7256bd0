import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The confirmation links of account deletions (issue 27): one per e-mail sent, its token kept only
 * as a hash, single use, 24 hours. A link outlives the deletion it confirmed (the request's
 * record): it names the account's id, never its e-mail. Written by the account-deletion module.
 */
export class AccountDeletionLinks1795860000000 implements MigrationInterface {
  name = 'AccountDeletionLinks1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "account_deletion_links" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "request_id" uuid NOT NULL REFERENCES "privacy_requests" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "token_hash" bytea NOT NULL UNIQUE,
        "on_behalf" boolean NOT NULL,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "voided_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "account_deletion_links_user" ON "account_deletion_links" ("user_id") WHERE "used_at" IS NULL AND "voided_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "account_deletion_links"`);
  }
}
