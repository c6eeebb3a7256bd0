import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Miles in: the mobile app's devices (a token each, kept as its SHA-256), the trips they send,
 * odometer readings from the app or the web, and the days a customer disputes.
 */
export class CreateMiles1763800050000 implements MigrationInterface {
  name = 'CreateMiles1763800050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "mobile_devices" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "token_hash" text NOT NULL UNIQUE,
        "name" text NOT NULL,
        "platform" text NOT NULL CHECK ("platform" IN ('ios', 'android')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz,
        "revoked_at" timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE "trips" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "vehicle_index" smallint NOT NULL,
        "device_id" uuid NOT NULL REFERENCES "mobile_devices" ("id"),
        "client_trip_id" text NOT NULL,
        "started_at" timestamptz NOT NULL,
        "ended_at" timestamptz NOT NULL CHECK ("ended_at" >= "started_at"),
        "miles" numeric(8, 2) NOT NULL CHECK ("miles" >= 0),
        "route" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("device_id", "client_trip_id")
      )`);
    await queryRunner.query(`CREATE INDEX "trips_by_vehicle" ON "trips" ("policy_id", "vehicle_index", "started_at")`);
    await queryRunner.query(`
      CREATE TABLE "odometer_readings" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "vehicle_index" smallint NOT NULL,
        "reading" integer NOT NULL CHECK ("reading" >= 0),
        "read_at" timestamptz NOT NULL,
        "source" text NOT NULL CHECK ("source" IN ('app', 'web')),
        "photo" bytea,
        "photo_type" text,
        "flag" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "odometer_by_vehicle" ON "odometer_readings" ("policy_id", "vehicle_index", "read_at")`);
    await queryRunner.query(`
      CREATE TABLE "mile_disputes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id"),
        "vehicle_index" smallint NOT NULL,
        "day" date NOT NULL,
        "reason" text NOT NULL,
        "photo" bytea,
        "photo_type" text,
        "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'accepted', 'rejected')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("policy_id", "vehicle_index", "day")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['mile_disputes', 'odometer_readings', 'trips', 'mobile_devices']) await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
