import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: a session read kept in each server process for the signed-in pages
 * (src/modules/session/session-read-cache.ts) is dropped the moment its row changes, whoever
 * changed it (this instance, another instance, the staff command line, an operator's SQL): every
 * insert, update and delete of a `session` row sends its id on the `session_changed` channel, at
 * the commit, and a TRUNCATE sends `*` (forget them all). A session is written about once a
 * minute while its visitor is active, so the notices are few.
 */
export class SessionChangeNotices1795890000000 implements MigrationInterface {
  name = 'SessionChangeNotices1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION session_changed_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('session_changed', '*');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('session_changed', OLD.sid);
        ELSE
          PERFORM pg_notify('session_changed', NEW.sid);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON session FOR EACH ROW EXECUTE FUNCTION session_changed_notice()`,
    );
    await queryRunner.query(`CREATE TRIGGER session_truncated AFTER TRUNCATE ON session FOR EACH STATEMENT EXECUTE FUNCTION session_changed_notice()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER session_truncated ON session`);
    await queryRunner.query(`DROP TRIGGER session_changed ON session`);
    await queryRunner.query(`DROP FUNCTION session_changed_notice()`);
  }
}
