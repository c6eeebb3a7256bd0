import { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer's own monthly mileage budget per policy, and the period we last warned them in. */
export class AddMileBudget1763800052000 implements MigrationInterface {
  name = 'AddMileBudget1763800052000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "policies" ADD COLUMN "mile_budget" integer CHECK ("mile_budget" BETWEEN 1 AND 10000)`);
    await queryRunner.query(`ALTER TABLE "policies" ADD COLUMN "budget_alerted_period" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "policies" DROP COLUMN "budget_alerted_period"`);
    await queryRunner.query(`ALTER TABLE "policies" DROP COLUMN "mile_budget"`);
  }
}
