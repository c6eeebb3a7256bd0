import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table connect-pg-simple stores sessions in (its own schema, created here and not at
 * run time), with the signed-in user's id and e-mail as generated columns so operators can
 * find and end a user's sessions with plain SQL.
 */
export class CreateSessionTable1763800000000 implements MigrationInterface {
  name = 'CreateSessionTable1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "session" (
        "sid" varchar NOT NULL COLLATE "default" PRIMARY KEY,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL,
        "user_id" text GENERATED ALWAYS AS ("sess"->>'userId') STORED,
        "user_email" text GENERATED ALWAYS AS (lower("sess"->>'userEmail')) STORED
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user_id" ON "session" ("user_id") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user_email" ON "session" ("user_email") WHERE "user_email" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session"`);
  }
}
