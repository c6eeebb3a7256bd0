import { MigrationInterface, QueryRunner } from 'typeorm';
import { carsOn, numberCars, type StoredCar, type StoredChange } from './car-numbers';

/** The states' time zones when this ran (src/shared/dates/state-day.ts): a row's day is its policy's state's. */
const TIME_ZONES: Record<string, string> = {
  AZ: 'America/Phoenix',
  TX: 'America/Chicago',
  IL: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
};

/** Added to a moved row's number while rows move, so a row never meets another car's row on the way (unique disputes). */
const MOVING = 1000;

/** The tables that name a car, and the day of each row (its policy's state's day). */
const ROWS: { table: string; day: string }[] = [
  { table: 'trips', day: `(t."started_at" AT TIME ZONE m."time_zone")::date` },
  { table: 'odometer_readings', day: `(t."read_at" AT TIME ZONE m."time_zone")::date` },
  { table: 'mile_disputes', day: `t."day"` },
  { table: 'claims', day: `(t."occurred_at" AT TIME ZONE m."time_zone")::date` },
];

interface StatementLine {
  vehicleIndex?: number;
  from: string;
  [key: string]: unknown;
}

/**
 * Each car on a policy gets a number for its life on it (`vehicleIndex` in the policy's cars and
 * in every change's terms), never given to another car: a car replaced or added since is a new
 * number. Trips, readings, disputes, claims and statement lines named a car by its place, which
 * was the same as its number until a car was replaced or a removed place filled again: rows of
 * such a place from that day on move to the number of the car there then, and statement lines
 * keep the name of the car they billed. `policy_car` finds a car by number, a removed one too.
 * The column names (`vehicle_index`) stay: they now hold the car's number.
 */
export class CarNumbers1795643896955 implements MigrationInterface {
  name = 'CarNumbers1795643896955';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION policy_car(p_policy uuid, p_vehicle_index integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
        SELECT car FROM (
          SELECT v AS car, 0 AS rank FROM policies p, jsonb_array_elements(p.vehicles) v
           WHERE p.id = p_policy AND (v ->> 'vehicleIndex')::integer = p_vehicle_index
          UNION ALL
          SELECT v, 1 FROM policy_changes c, jsonb_array_elements(c.before -> 'vehicles') v
           WHERE c.policy_id = p_policy AND c.status = 'applied' AND (v ->> 'vehicleIndex')::integer = p_vehicle_index
        ) cars ORDER BY rank LIMIT 1
      $$`);
    await queryRunner.query(
      `CREATE TEMPORARY TABLE "car_moves" ("policy_id" uuid, "place" integer, "from_day" date, "to_day" date, "vehicle_index" integer, "time_zone" text)`,
    );
    const policies = (await queryRunner.query(
      `SELECT id, state, vehicles FROM policies WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(vehicles) v WHERE NOT v ? 'vehicleIndex') ORDER BY id`,
    )) as { id: string; state: string; vehicles: StoredCar[] }[];
    for (const policy of policies) {
      const changes = (await queryRunner.query(
        `SELECT id, kind, status, to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", base_revision AS "baseRevision", request, before, after
           FROM policy_changes WHERE policy_id = $1 ORDER BY base_revision, created_at`,
        [policy.id],
      )) as StoredChange[];
      const numbered = numberCars(policy.vehicles, changes);
      await queryRunner.query(`UPDATE policies SET vehicles = $2 WHERE id = $1`, [policy.id, JSON.stringify(numbered.vehicles)]);
      for (const change of numbered.changes)
        await queryRunner.query(`UPDATE policy_changes SET request = $2, before = $3, after = $4 WHERE id = $1`, [
          change.id,
          JSON.stringify(change.request),
          JSON.stringify(change.before),
          JSON.stringify(change.after),
        ]);
      for (const move of numbered.moves)
        await queryRunner.query(`INSERT INTO car_moves VALUES ($1, $2, $3, $4, $5, $6)`, [
          policy.id,
          move.place,
          move.from,
          move.to,
          move.vehicleIndex,
          TIME_ZONES[policy.state] ?? 'America/New_York',
        ]);
      // Statement lines: the car of the line's day at its place, by number and by name (which
      // stays on the line when the car leaves the policy later).
      const statements = (await queryRunner.query(`SELECT id, lines FROM statements WHERE policy_id = $1`, [policy.id])) as {
        id: string;
        lines: StatementLine[];
      }[];
      for (const statement of statements) {
        const lines = statement.lines.map((line) => {
          if (line.vehicleIndex === undefined) return line;
          const car = carsOn(numbered.timeline, line.from)[line.vehicleIndex];
          return car ? { ...line, vehicleIndex: car.vehicleIndex, vehicle: { year: car.year, make: car.make, model: car.model } } : line;
        });
        await queryRunner.query(`UPDATE statements SET lines = $2 WHERE id = $1`, [statement.id, JSON.stringify(lines)]);
      }
    }
    // Every row in one statement per table, then back from the offset: no row is moved twice.
    for (const { table, day } of ROWS) {
      await queryRunner.query(`
        UPDATE "${table}" t SET "vehicle_index" = m."vehicle_index" + ${MOVING}
          FROM car_moves m
         WHERE t."policy_id" = m."policy_id" AND t."vehicle_index" = m."place"
           AND ${day} >= m."from_day" AND (m."to_day" IS NULL OR ${day} < m."to_day")`);
      await queryRunner.query(`UPDATE "${table}" SET "vehicle_index" = "vehicle_index" - ${MOVING} WHERE "vehicle_index" >= ${MOVING}`);
    }
    await queryRunner.query(`DROP TABLE car_moves`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The numbers leave the cars' words; rows keep the numbers they hold (a car removed from the
    // middle of a list has no place to go back to).
    await queryRunner.query(`DROP FUNCTION IF EXISTS policy_car(uuid, integer)`);
    const strip = (list: string) =>
      `(SELECT coalesce(jsonb_agg(v - 'vehicleIndex' ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(${list}) WITH ORDINALITY e(v, n))`;
    await queryRunner.query(`UPDATE policies SET vehicles = ${strip('vehicles')}`);
    await queryRunner.query(
      `UPDATE policy_changes SET before = jsonb_set(before, '{vehicles}', ${strip(`before -> 'vehicles'`)}), after = jsonb_set(after, '{vehicles}', ${strip(`after -> 'vehicles'`)})`,
    );
  }
}
