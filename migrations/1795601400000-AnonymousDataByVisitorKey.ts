import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: what a visitor makes before sign-in (quotes, cookie decisions) is read back by a
 * key the server issues and keeps in the session (session.visitorKey), no longer by the
 * anonymousId, which the browser writes and analytics vendors receive.
 *
 * quotes.anonymous_id becomes visitor_key, and the analytics ids held there are replaced: a
 * quote begun before this change is no longer reachable by that id (anyone could have learned
 * it); its e-mailed sign-in link still joins it to the account, and a quote already joined
 * keeps no key. consent_records keeps anonymous_id (the proof of consent for the id vendors
 * receive) and gains visitor_key; older anonymous decisions stay in the browser's cookies.
 */
export class AnonymousDataByVisitorKey1795601400000 implements MigrationInterface {
  name = 'AnonymousDataByVisitorKey1795601400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" RENAME COLUMN "anonymous_id" TO "visitor_key"`);
    await queryRunner.query(`ALTER INDEX "quotes_by_anonymous" RENAME TO "quotes_by_visitor_key"`);
    await queryRunner.query(`UPDATE "quotes" SET "visitor_key" = CASE WHEN "user_id" IS NULL THEN gen_random_uuid() END WHERE "visitor_key" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "consent_records" ADD COLUMN "visitor_key" uuid`);
    await queryRunner.query(
      `CREATE INDEX "consent_records_visitor_key" ON "consent_records" ("visitor_key", "recorded_at" DESC) WHERE "visitor_key" IS NOT NULL`,
    );
  }

  /** The schema as it was; the analytics ids replaced by up() are not brought back. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "consent_records_visitor_key"`);
    await queryRunner.query(`ALTER TABLE "consent_records" DROP COLUMN "visitor_key"`);
    await queryRunner.query(`ALTER INDEX "quotes_by_visitor_key" RENAME TO "quotes_by_anonymous"`);
    await queryRunner.query(`ALTER TABLE "quotes" RENAME COLUMN "visitor_key" TO "anonymous_id"`);
  }
}
