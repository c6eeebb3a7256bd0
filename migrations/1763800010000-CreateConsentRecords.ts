import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of consent (issue 5): every decision a visitor makes about cookies, with who made it
 * (anonymousId, userId when signed in), what they chose, where, under which policy version,
 * when and from what browser. Append-only, like the audit log.
 */
export class CreateConsentRecords1763800010000 implements MigrationInterface {
  name = 'CreateConsentRecords1763800010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "consent_records" (
        "id" bigserial PRIMARY KEY,
        "recorded_at" timestamptz NOT NULL DEFAULT now(),
        "anonymous_id" uuid,
        "user_id" uuid REFERENCES "users" ("id"),
        "tracking" boolean NOT NULL,
        "advertising" boolean NOT NULL,
        "source" text NOT NULL CHECK ("source" IN ('banner-accept', 'banner-deny', 'banner-confirm', 'settings', 'sign-in')),
        "policy_version" text NOT NULL,
        "gpc" boolean NOT NULL DEFAULT false,
        "user_agent" text CHECK (length("user_agent") <= 512),
        "correlation_id" text
      )`);
    await queryRunner.query(`CREATE INDEX "consent_records_user" ON "consent_records" ("user_id", "recorded_at" DESC) WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "consent_records_anonymous" ON "consent_records" ("anonymous_id", "recorded_at" DESC) WHERE "anonymous_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "consent_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'consent_records is append-only'; END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "consent_records_no_change" BEFORE UPDATE OR DELETE OR TRUNCATE ON "consent_records"
      FOR EACH STATEMENT EXECUTE FUNCTION "consent_records_append_only"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "consent_records"`);
    await queryRunner.query(`DROP FUNCTION "consent_records_append_only"()`);
  }
}
