import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in: magic-link codes (only their SHA-256 is kept), rate-limit hits shared by every
 * instance, and revoked session ids so a signed-out session can never be written back.
 */
export class CreateSignInTables1763800002000 implements MigrationInterface {
  name = 'CreateSignInTables1763800002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sign_in_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "code_hash" bytea NOT NULL UNIQUE,
        "purpose" text NOT NULL CHECK ("purpose" IN ('web', 'app')),
        "email" text NOT NULL,
        "user_id" uuid REFERENCES "users" ("id") ON DELETE CASCADE,
        "redirect_path" text,
        "locale" text NOT NULL CHECK ("locale" IN ('en-US', 'es')),
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "voided_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "sign_in_codes_open_by_email" ON "sign_in_codes" (lower("email"), "purpose") WHERE "used_at" IS NULL AND "voided_at" IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "sign_in_codes_expires_at" ON "sign_in_codes" ("expires_at")`);

    await queryRunner.query(`
      CREATE TABLE "rate_limit_hits" (
        "bucket" text NOT NULL,
        "hit_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "rate_limit_hits_bucket_time" ON "rate_limit_hits" ("bucket", "hit_at")`);

    await queryRunner.query(`
      CREATE TABLE "session_revocations" (
        "sid" varchar PRIMARY KEY,
        "revoked_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session_revocations"`);
    await queryRunner.query(`DROP TABLE "rate_limit_hits"`);
    await queryRunner.query(`DROP TABLE "sign_in_codes"`);
  }
}
