import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATE_TABLE_2026_11_25 } from '../src/modules/quote/rating/rate-tables/2026-11-25';

/**
 * Rate table 2026-11-25: the rates of 2026-11-01 with each state's rules checked against its
 * statute (Oregon's PIP, Texas' PIP and uninsured motorist minimum, the select/reject questions).
 */
export class SeedRateTable202611251795601650000 implements MigrationInterface {
  name = 'SeedRateTable202611251795601650000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO "rate_tables" ("version", "effective_from", "data") VALUES ($1, $2, $3)`, [
      RATE_TABLE_2026_11_25.version,
      RATE_TABLE_2026_11_25.effectiveFrom,
      JSON.stringify(RATE_TABLE_2026_11_25),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The table refuses deletes (rate tables are immutable): lift that for this one statement.
    await queryRunner.query(`ALTER TABLE "rate_tables" DISABLE TRIGGER "rate_tables_no_change"`);
    await queryRunner.query(`DELETE FROM "rate_tables" WHERE "version" = $1`, [RATE_TABLE_2026_11_25.version]);
    await queryRunner.query(`ALTER TABLE "rate_tables" ENABLE TRIGGER "rate_tables_no_change"`);
  }
}
