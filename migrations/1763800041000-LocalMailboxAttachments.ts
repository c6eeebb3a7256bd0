import { MigrationInterface, QueryRunner } from 'typeorm';

/** The local mailbox keeps a message's attachments (the policy's ID card), to download them. */
export class LocalMailboxAttachments1763800041000 implements MigrationInterface {
  name = 'LocalMailboxAttachments1763800041000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "local_mailbox" ADD COLUMN "attachments" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "local_mailbox" DROP COLUMN "attachments"`);
  }
}
