import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An audit entry's changes (issue 26): what a policy or coverage change changed, before and
 * after, as facts the admin screen words in either language (src/shared/audit/audit-changes.ts).
 * The table stays append-only: a new column, filled only when a row is written.
 */
export class AuditChanges1795790000000 implements MigrationInterface {
  name = 'AuditChanges1795790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "changes"`);
  }
}
