import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a quote made before sign-in belongs to the browser's session through a key the
 * server issues (session.visitorKey), no longer to the anonymousId, which the browser writes
 * and analytics vendors receive. The column is renamed, and the analytics ids kept in it are
 * replaced: a quote begun before this change is no longer reachable by that id (anyone could
 * have learned it); its e-mailed sign-in link still joins it to the account, and a quote
 * already joined keeps no key at all.
 */
export class QuoteOwnerVisitorKey1795601400000 implements MigrationInterface {
  name = 'QuoteOwnerVisitorKey1795601400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" RENAME COLUMN "anonymous_id" TO "visitor_key"`);
    await queryRunner.query(`ALTER INDEX "quotes_by_anonymous" RENAME TO "quotes_by_visitor_key"`);
    await queryRunner.query(
      `UPDATE "quotes" SET "visitor_key" = CASE WHEN "user_id" IS NULL THEN gen_random_uuid() END WHERE "visitor_key" IS NOT NULL`,
    );
  }

  /** The schema as it was; the analytics ids replaced by up() are not brought back. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "quotes_by_visitor_key" RENAME TO "quotes_by_anonymous"`);
    await queryRunner.query(`ALTER TABLE "quotes" RENAME COLUMN "visitor_key" TO "anonymous_id"`);
  }
}
