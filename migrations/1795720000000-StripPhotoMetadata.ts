import { MigrationInterface, QueryRunner } from 'typeorm';
import { cleanPhoto } from '../src/common/images/strip-image-metadata';

/** Where photos are kept: the table, its bytes column. */
const PHOTO_COLUMNS = [
  ['claim_photos', 'bytes'],
  ['odometer_readings', 'photo'],
  ['mile_disputes', 'photo'],
] as const;

/**
 * Issue 30, item 6: photos stored before uploads were stripped still carry what the phone wrote
 * into them (EXIF with the GPS position, the device's serial, XMP, text chunks). Each is rewritten
 * through the same cleanPhoto every upload now passes; one the stripper cannot walk to its end is
 * left as it is (it was never a whole image). One photo in memory at a time.
 *
 * down: nothing to restore, by design. The metadata is not kept anywhere: bringing it back is
 * exactly what this migration exists to make impossible.
 */
export class StripPhotoMetadata1795720000000 implements MigrationInterface {
  name = 'StripPhotoMetadata1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of PHOTO_COLUMNS) {
      const ids = (await queryRunner.query(`SELECT id FROM "${table}" WHERE "${column}" IS NOT NULL ORDER BY id`)) as { id: string }[];
      for (const { id } of ids) {
        const [row] = (await queryRunner.query(`SELECT "${column}" AS bytes FROM "${table}" WHERE id = $1`, [id])) as { bytes: Buffer }[];
        const cleaned = row && cleanPhoto(row.bytes, ['image/jpeg', 'image/png', 'image/webp']);
        if (cleaned && !cleaned.bytes.equals(row.bytes)) await queryRunner.query(`UPDATE "${table}" SET "${column}" = $2 WHERE id = $1`, [id, cleaned.bytes]);
      }
    }
  }

  async down(): Promise<void> {
    // Irreversible on purpose (see above): the stripped metadata exists nowhere to put back.
  }
}
