import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, a household: the first named insured (the policy's owner), or staff acting for them,
 * invites a second named insured by name and e-mail with one role (view, pay, claim, change).
 * One row is the invitation and, once accepted, the membership: `member_user_id` and
 * `accepted_at` set when the invitee accepts signed in as that e-mail; `removed_at` when the
 * owner revokes it or the member leaves (`removed_how`). Only the SHA-256 of the invitation's
 * token is kept; the token travels once, in the e-mail. Past `expires_at` an unaccepted
 * invitation cannot be accepted.
 */
export class Household1795830000000 implements MigrationInterface {
  name = 'Household1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "household_members" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id") ON DELETE CASCADE,
        "name" text NOT NULL CHECK (length("name") BETWEEN 1 AND 100),
        "email" text NOT NULL CHECK ("email" = lower("email")),
        "role" text NOT NULL CHECK ("role" IN ('view', 'pay', 'claim', 'change')),
        "locale" text NOT NULL,
        "token_hash" bytea NOT NULL UNIQUE CHECK (octet_length("token_hash") = 32),
        "invited_by_user_id" uuid NOT NULL,
        "invited_by_email" text NOT NULL,
        "on_behalf" boolean NOT NULL,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL CHECK ("expires_at" > "created_at"),
        "member_user_id" uuid REFERENCES "users" ("id") ON DELETE CASCADE,
        "accepted_at" timestamptz,
        "removed_at" timestamptz,
        "removed_how" text CHECK ("removed_how" IN ('revoked', 'left')),
        CHECK (("member_user_id" IS NULL) = ("accepted_at" IS NULL)),
        CHECK (("removed_at" IS NULL) = ("removed_how" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "household_members_policy" ON "household_members" ("policy_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "household_members_member" ON "household_members" ("member_user_id") WHERE "removed_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "household_members_email" ON "household_members" ("email") WHERE "accepted_at" IS NULL AND "removed_at" IS NULL`);
    // One live membership of a person on a policy.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "household_members_one_live" ON "household_members" ("policy_id", "member_user_id") WHERE "member_user_id" IS NOT NULL AND "removed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "household_members"`);
  }
}
