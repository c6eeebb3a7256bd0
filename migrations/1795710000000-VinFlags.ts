import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, item 10c: one VIN was accepted on two customers' policies. A car changes hands, and
 * the seller's policy may lag the buyer's by days, so it is not refused: each policy that takes a
 * car whose VIN is on another customer's policy not cancelled is recorded here, for staff to see
 * on the policies they review. A trigger, so that every way a car gets onto a policy (a purchase,
 * a staff sale, a change adding or replacing a car) is recorded in one place; the GIN index lets
 * it find the other policies by containment instead of reading them all.
 */
export class VinFlags1795710000000 implements MigrationInterface {
  name = 'VinFlags1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "vin_flags" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id") ON DELETE CASCADE,
        "other_policy_id" uuid NOT NULL REFERENCES "policies" ("id") ON DELETE CASCADE,
        "vin" text NOT NULL,
        "flagged_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("policy_id", "other_policy_id", "vin")
      )`);
    await queryRunner.query(`CREATE INDEX "vin_flags_by_other" ON "vin_flags" ("other_policy_id")`);
    await queryRunner.query(`CREATE INDEX "policies_vehicles" ON "policies" USING gin ("vehicles" jsonb_path_ops)`);
    await queryRunner.query(`
      CREATE FUNCTION flag_shared_vins() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO vin_flags (policy_id, other_policy_id, vin)
        SELECT NEW.id, o.id, car ->> 'vin'
          FROM jsonb_array_elements(NEW.vehicles) car
          JOIN policies o ON o.vehicles @> jsonb_build_array(jsonb_build_object('vin', car ->> 'vin'))
         WHERE car ? 'vin' AND o.id <> NEW.id AND o.user_id <> NEW.user_id AND o.status <> 'cancelled'
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    // A policy's VINs also on another customer's policy not cancelled, either side of a flag: what staff screens show.
    await queryRunner.query(`
      CREATE FUNCTION shared_vins(p_policy uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
        SELECT coalesce(array_agg(vin ORDER BY vin), '{}') FROM (
          SELECT f.vin FROM vin_flags f JOIN policies o ON o.id = f.other_policy_id WHERE f.policy_id = p_policy AND o.status <> 'cancelled'
          UNION
          SELECT f.vin FROM vin_flags f JOIN policies o ON o.id = f.policy_id WHERE f.other_policy_id = p_policy AND o.status <> 'cancelled'
        ) shared
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "policies_flag_shared_vins" AFTER INSERT OR UPDATE OF "vehicles" ON "policies"
        FOR EACH ROW WHEN (NEW."status" <> 'cancelled') EXECUTE FUNCTION flag_shared_vins()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "policies_flag_shared_vins" ON "policies"`);
    await queryRunner.query(`DROP FUNCTION shared_vins(uuid)`);
    await queryRunner.query(`DROP FUNCTION flag_shared_vins()`);
    await queryRunner.query(`DROP INDEX "policies_vehicles"`);
    await queryRunner.query(`DROP TABLE "vin_flags"`);
  }
}
