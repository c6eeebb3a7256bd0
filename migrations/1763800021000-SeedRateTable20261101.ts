import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATE_TABLE_2026_11_01 } from '../src/modules/quote/rating/rate-tables/2026-11-01';

/**
 * The first rate table, version 2026-11-01 (docs/pricing.md explains every number). Its data
 * lives in a file of its own that is never edited: a new table is a new file, a new version
 * and a new migration.
 */
export class SeedRateTable202611011763800021000 implements MigrationInterface {
  name = 'SeedRateTable202611011763800021000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO "rate_tables" ("version", "effective_from", "data") VALUES ($1, $2, $3)`, [
      RATE_TABLE_2026_11_01.version,
      RATE_TABLE_2026_11_01.effectiveFrom,
      JSON.stringify(RATE_TABLE_2026_11_01),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The table refuses deletes (rate tables are immutable): lift that for this one statement.
    await queryRunner.query(`ALTER TABLE "rate_tables" DISABLE TRIGGER "rate_tables_no_change"`);
    await queryRunner.query(`DELETE FROM "rate_tables" WHERE "version" = $1`, [RATE_TABLE_2026_11_01.version]);
    await queryRunner.query(`ALTER TABLE "rate_tables" ENABLE TRIGGER "rate_tables_no_change"`);
  }
}
