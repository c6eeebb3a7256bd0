import { DataSource } from 'typeorm';
import { CarNumbers1795643896955 } from '../../../migrations/1795643896955-CarNumbers';
import { addDays } from '../../../src/shared/dates/iso-day';
import { startOfLocalDay } from '../../../src/shared/dates/state-day';
import { PHOENIX, clockPastArizonaMidnight } from '../../support/arizona-time';
import { queryRows } from '../../support/payment-fixtures';
import { TestClock } from '../../support/test-clock';
import { sendTrip, twoCarPolicy } from '../../support/two-car-policy';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

const MINUTE = 60_000;
const ACCORD = { year: 2018, make: 'Honda', model: 'Accord' };
const strip = (list: string) => `(SELECT jsonb_agg(v - 'vehicleIndex' ORDER BY n) FROM jsonb_array_elements(${list}) WITH ORDINALITY e(v, n))`;

/**
 * The CarNumbers migration on a database with data: a policy whose second car was replaced
 * while cars were kept by their place. Its rows are put back as they were stored then (no
 * numbers, the new car's rows under the old car's place), the migration's step run again, and
 * each row must name the car it belongs to.
 */
describe('CarNumbers migration over existing rows (issue 16)', () => {
  jest.setTimeout(120_000);
  const clock = new TestClock();

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock, drainMail: true });

  beforeAll(async () => {
    // A car's trip "today" must have ended: not in the first hour after Arizona's midnight.
    clockPastArizonaMidnight(clock);
  });

  it("numbers the cars, moves a replaced car's place's rows from its date to the new car, and names statement lines by the car of their day", async () => {
    const { web, policyId, token, today } = await twoCarPolicy(sut, 'migrate', 10);
    const startOfToday = startOfLocalDay(today, PHOENIX).getTime();
    const trip = async (vehicle: string, startedAt: number, miles: number) =>
      expect((await sendTrip(sut, token, vehicle, startedAt, miles)).accepted).toHaveLength(1);
    // The RAV4 drove yesterday; replaced by an Accord from today, which drove today.
    await trip(`${policyId}:1`, startOfToday - 3 * 3_600_000, 11);
    const priced = (
      await web
        .post(`/api/policies/${policyId}/changes`)
        .send({ kind: 'replace-vehicle', effectiveDate: today, vehicleIndex: 1, vehicle: { ...ACCORD, vin: vinFor(ACCORD, 5) } })
        .expect(201)
    ).body.payload;
    await web.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    await trip(`${policyId}:2`, Math.max(startOfToday + MINUTE, clock.now().getTime() - 25 * MINUTE), 22);
    await trip(`${policyId}:0`, startOfToday - 5 * 3_600_000, 33);
    // A statement of both days, as billing made them when lines named a car by its place.
    const line = (vehicleIndex: number, from: string) => ({ kind: 'miles', vehicleIndex, from, to: from, miles: 1, perMileRateMills: 80, amountCents: 8 });
    const yesterday = addDays(today, -1);
    await queryRows(
      sut,
      `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status) VALUES ($1, 0, $2, $3, $4, 24, 'paid')`,
      [policyId, yesterday, today, JSON.stringify([line(0, yesterday), line(1, yesterday), line(1, today)])],
    );

    // Back as it was stored before the migration: no numbers, the Accord's rows under place 1.
    await queryRows(sut, `UPDATE policies SET vehicles = ${strip('vehicles')} WHERE id = $1`, [policyId]);
    await queryRows(
      sut,
      `UPDATE policy_changes SET before = jsonb_set(before, '{vehicles}', ${strip(`before -> 'vehicles'`)}),
                                  after = jsonb_set(after, '{vehicles}', ${strip(`after -> 'vehicles'`)}) WHERE policy_id = $1`,
      [policyId],
    );
    await queryRows(sut, `UPDATE trips SET vehicle_index = 1 WHERE policy_id = $1 AND vehicle_index = 2`, [policyId]);

    const runner = sut.app.get(DataSource).createQueryRunner();
    try {
      await new CarNumbers1795643896955().up(runner);
    } finally {
      await runner.release();
    }

    const [policy] = await queryRows<{ vehicles: { vehicleIndex: number; model: string }[] }>(sut, 'SELECT vehicles FROM policies WHERE id = $1', [policyId]);
    expect(policy.vehicles.map((v) => [v.vehicleIndex, v.model])).toEqual([
      [0, 'Civic'],
      [2, 'Accord'],
    ]);
    const [change] = await queryRows<{ request: { vehicleIndex: number }; before: typeof policy; after: typeof policy }>(
      sut,
      'SELECT request, before, after FROM policy_changes WHERE policy_id = $1',
      [policyId],
    );
    expect(change.request.vehicleIndex).toBe(1);
    expect(change.before.vehicles.map((v) => v.vehicleIndex)).toEqual([0, 1]);
    expect(change.after.vehicles.map((v) => v.vehicleIndex)).toEqual([0, 2]);
    const trips = await queryRows<{ vehicle_index: number; miles: number }>(
      sut,
      'SELECT vehicle_index, miles::float8 AS miles FROM trips WHERE policy_id = $1 ORDER BY miles',
      [policyId],
    );
    expect(trips).toEqual([
      { vehicle_index: 1, miles: 11 },
      { vehicle_index: 2, miles: 22 },
      { vehicle_index: 0, miles: 33 },
    ]);
    const [statement] = await queryRows<{ lines: { vehicleIndex: number; vehicle: { model: string }; from: string }[] }>(
      sut,
      'SELECT lines FROM statements WHERE policy_id = $1',
      [policyId],
    );
    expect(statement.lines.map((l) => [l.from, l.vehicleIndex, l.vehicle.model])).toEqual([
      [yesterday, 0, 'Civic'],
      [yesterday, 1, 'RAV4'],
      [today, 2, 'Accord'],
    ]);
    // The replaced RAV4 is still found by its number (staff's review lists, claims).
    const [car] = await queryRows<{ car: { model: string } }>(sut, 'SELECT policy_car($1, 1) AS car', [policyId]);
    expect(car.car.model).toBe('RAV4');
    // And the site reads the migrated policy: the Accord's miles are the Accord's.
    const miles = (await web.get(`/api/policies/${policyId}/miles?from=${today}&to=${today}`).expect(200)).body.payload;
    expect(miles.map((c: { vehicle: string; days: { miles: number }[] }) => [c.vehicle, c.days[0].miles])).toEqual([
      [`${policyId}:0`, 0],
      [`${policyId}:2`, 22],
    ]);
  });
});
