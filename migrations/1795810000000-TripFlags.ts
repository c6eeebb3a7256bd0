import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trip the customer flags ("I was a passenger", "not my car", issue 27) is a dispute of the day
 * it started, reviewed by staff as every dispute is: the dispute names the trip and the flag.
 * The customer's note is the dispute's reason (empty when they wrote none).
 */
export class TripFlags1795810000000 implements MigrationInterface {
  name = 'TripFlags1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "mile_disputes"
        ADD COLUMN "trip_id" uuid REFERENCES "trips" ("id"),
        ADD COLUMN "trip_flag" text CHECK ("trip_flag" IN ('passenger', 'not-my-car')),
        ADD CONSTRAINT "mile_disputes_trip_flagged" CHECK (("trip_id" IS NULL) = ("trip_flag" IS NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "mile_disputes" DROP CONSTRAINT "mile_disputes_trip_flagged", DROP COLUMN "trip_flag", DROP COLUMN "trip_id"`);
  }
}
