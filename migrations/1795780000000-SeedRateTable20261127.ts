import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATE_TABLE_2026_11_27 } from '../src/modules/quote/rating/rate-tables/2026-11-27';

/** Rate table 2026-11-27: 2026-11-25c with the multi-car discount (docs/pricing.md, "Several cars"). */
export class SeedRateTable202611271795780000000 implements MigrationInterface {
  name = 'SeedRateTable202611271795780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO "rate_tables" ("version", "effective_from", "data") VALUES ($1, $2, $3)`, [
      RATE_TABLE_2026_11_27.version,
      RATE_TABLE_2026_11_27.effectiveFrom,
      JSON.stringify(RATE_TABLE_2026_11_27),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The table refuses deletes (rate tables are immutable): lift that for this one statement.
    await queryRunner.query(`ALTER TABLE "rate_tables" DISABLE TRIGGER "rate_tables_no_change"`);
    await queryRunner.query(`DELETE FROM "rate_tables" WHERE "version" = $1`, [RATE_TABLE_2026_11_27.version]);
    await queryRunner.query(`ALTER TABLE "rate_tables" ENABLE TRIGGER "rate_tables_no_change"`);
  }
}
