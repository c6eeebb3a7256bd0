import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, share-proof links: a link the customer (or staff acting for them) makes for a lender,
 * a landlord or a rental desk, showing what the ID card shows for 24 hours. Only the SHA-256 of
 * the link's random token is kept: the token itself is shown once, in the answer that made it.
 * `vehicle_index` null: every car of the policy. Revoked or past `expires_at`, a link shows nothing.
 */
export class ProofLinks1795800000000 implements MigrationInterface {
  name = 'ProofLinks1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "proof_links" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id") ON DELETE CASCADE,
        "vehicle_index" integer CHECK ("vehicle_index" >= 0),
        "token_hash" bytea NOT NULL UNIQUE CHECK (octet_length("token_hash") = 32),
        "created_by_user_id" uuid NOT NULL,
        "created_by_email" text NOT NULL,
        "on_behalf" boolean NOT NULL,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL CHECK ("expires_at" > "created_at"),
        "revoked_at" timestamptz,
        "view_count" integer NOT NULL DEFAULT 0,
        "last_viewed_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "proof_links_policy" ON "proof_links" ("policy_id", "expires_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "proof_links"`);
  }
}
