import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin screens (issue 16): the audit log filtered by action and by time, newest first, and
 * a staff member's sessions found by the e-mail they act under for a customer.
 */
export class AdminScreensIndexes1795632400878 implements MigrationInterface {
  name = 'AdminScreensIndexes1795632400878';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "audit_log_at" ON "audit_log" ("at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "audit_log_action" ON "audit_log" ("action", "at" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_session_staff_email" ON "session" (lower("sess"->>'staffEmail')) WHERE "sess"->>'staffEmail' IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_session_staff_email"`);
    await queryRunner.query(`DROP INDEX "audit_log_action"`);
    await queryRunner.query(`DROP INDEX "audit_log_at"`);
  }
}
