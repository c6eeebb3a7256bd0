import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 (money): the sweeper's index of succeeded charges that paid for nothing yet, and
 * the sandbox's card fingerprint (a keyed hash of the number, as Stripe's card.fingerprint),
 * which the card-testing limits count declines by.
 */
export class UnusedChargesAndCardFingerprints1795601100000 implements MigrationInterface {
  name = 'UnusedChargesAndCardFingerprints1795601100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "payment_charges_unused" ON "payment_charges" ("settled_at") WHERE "status" = 'succeeded' AND "used_for" IS NULL AND "refunded_at" IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "sandbox_card_tokens" ADD COLUMN "fingerprint" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sandbox_card_tokens" DROP COLUMN "fingerprint"`);
    await queryRunner.query(`DROP INDEX "payment_charges_unused"`);
  }
}
