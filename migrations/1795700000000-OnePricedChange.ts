import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30. A policy waits on one priced change at a time: pricing another supersedes it, so
 * staff cannot stack proposals (each one an e-mail) nor the customer confirm a stale one; the
 * older priced rows of a policy are superseded here before the index holds the rule. And a
 * change that moves the policy to a state where its agent of record holds no licence names that
 * agent (`releases_producer_id`): the customer is told at pricing, and confirming it leaves the
 * policy with the agency.
 */
export class OnePricedChange1795700000000 implements MigrationInterface {
  name = 'OnePricedChange1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE "policy_changes" c SET "status" = 'superseded'
       WHERE c."status" = 'priced'
         AND EXISTS (SELECT 1 FROM "policy_changes" n WHERE n."policy_id" = c."policy_id" AND n."status" = 'priced'
                      AND (n."created_at", n."id") > (c."created_at", c."id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "policy_changes_one_priced" ON "policy_changes" ("policy_id") WHERE "status" = 'priced'`);
    await queryRunner.query(`ALTER TABLE "policy_changes" ADD COLUMN "releases_producer_id" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "policy_changes" DROP COLUMN "releases_producer_id"`);
    await queryRunner.query(`DROP INDEX "policy_changes_one_priced"`);
  }
}
