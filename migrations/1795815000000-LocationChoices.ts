import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer's location choice (issue 27): keep the route summaries the app sends, or miles
 * only. One row per customer once they choose; no row is the default, miles only
 * (docs/decisions.md). `chosen_at` is when they last chose: for `keep`, when they said yes.
 * Written by the miles module.
 */
export class LocationChoices1795815000000 implements MigrationInterface {
  name = 'LocationChoices1795815000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "location_choices" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "choice" text NOT NULL CHECK ("choice" IN ('keep', 'miles-only')),
        "chosen_at" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "location_choices"`);
  }
}
