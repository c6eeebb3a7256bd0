import { MigrationInterface, QueryRunner } from 'typeorm';

/** Local mode only: mail that would have gone out, shown on the local mailbox page. */
export class CreateLocalMailbox1763800003000 implements MigrationInterface {
  name = 'CreateLocalMailbox1763800003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "local_mailbox" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "to_address" text NOT NULL,
        "subject" text NOT NULL,
        "text_body" text NOT NULL,
        "html_body" text NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "local_mailbox_sent_at" ON "local_mailbox" ("sent_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "local_mailbox"`);
  }
}
