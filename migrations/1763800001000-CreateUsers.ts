import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers and staff. E-mail is unique whatever its case. */
export class CreateUsers1763800001000 implements MigrationInterface {
  name = 'CreateUsers1763800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL CHECK (length("email") BETWEEN 3 AND 254),
        "name" text,
        "role" text NOT NULL DEFAULT 'customer' CHECK ("role" IN ('customer', 'agent', 'admin')),
        "producer_id" text,
        "locale" text NOT NULL DEFAULT 'en-US' CHECK ("locale" IN ('en-US', 'es')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_sign_in_at" timestamptz,
        CONSTRAINT "users_agent_has_producer" CHECK ("role" <> 'agent' OR "producer_id" IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_producer_id_key" ON "users" ("producer_id") WHERE "producer_id" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
