import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, reinstatement: a cancellation for non-payment is Meterly's, so its notice says so
 * (asked_by 'meterly'); and a policy reinstated can be cancelled again, so the row describes the
 * latest cancellation (the timeline keeps every one).
 */
export class NonPaymentCancellations1795770000000 implements MigrationInterface {
  name = 'NonPaymentCancellations1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "policy_cancellations" DROP CONSTRAINT "policy_cancellations_asked_by_check"`);
    await queryRunner.query(
      `ALTER TABLE "policy_cancellations" ADD CONSTRAINT "policy_cancellations_asked_by_check" CHECK ("asked_by" IN ('customer', 'staff', 'meterly'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "policy_cancellations" WHERE "asked_by" = 'meterly'`);
    await queryRunner.query(`ALTER TABLE "policy_cancellations" DROP CONSTRAINT "policy_cancellations_asked_by_check"`);
    await queryRunner.query(
      `ALTER TABLE "policy_cancellations" ADD CONSTRAINT "policy_cancellations_asked_by_check" CHECK ("asked_by" IN ('customer', 'staff'))`,
    );
  }
}
