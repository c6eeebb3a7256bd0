import fc from 'fast-check';
import { billingPeriod, chooseBillingDay, type BillingSchedule } from '../../shared/billing/billing-periods';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { forecastCarMiles, forecastStretchMiles } from './mileage-forecast';
import { periodBill } from './period-bill';
import { statementLines, totalOf } from './statement-lines';

const schedule = { effectiveDate: '2026-11-05', billingAnchors: null };
const car = (vehicleIndex: number, perMileRateMills: number) => ({ vehicleIndex, year: 2020, make: 'Honda', model: 'Civic', perMileRateMills });
const oneCar = [car(0, 80)];
const twoCars = [car(0, 90), car(1, 60)];

describe(periodBill.name, () => {
  it('prices the forecast on the miles it shows: 1,235 miles at 8.3¢ and $27.52, $130.03 (issue 26: it said $129.99 from 1,234.59 miles)', () => {
    // A week in, 288.07 miles: 1,234.59 at this pace over 30 days, shown as 1,235.
    const bill = periodBill({
      schedule,
      index: 0,
      baseRateCents: 2752,
      vehicles: [car(0, 83)],
      billableMiles: [288.07],
      stretches: [{ from: '2026-11-05', to: '2026-12-04', vehicles: [car(0, 83)], billableMiles: [288.07] }],
      milesThrough: '2026-11-11',
      statedMilesPerMonth: 600,
    });
    expect(bill.forecastMiles).toBe(1235);
    expect(bill.forecastCents).toBe(13003);
    expect(bill.forecastCents).toBe(2752 + Math.round((bill.forecastMiles * 83) / 10));
  });

  it('a car added on the 20th: miles before at the old rate, after at the new, the base rate difference from that day', () => {
    // Day 18 of 30 (Nov 22): 100 miles before the change, 30 and 12 after it.
    const bill = periodBill({
      schedule,
      index: 0,
      baseRateCents: 11000,
      paidBaseRateCents: 5000,
      vehicles: twoCars,
      billableMiles: [],
      stretches: [
        { from: '2026-11-05', to: '2026-11-19', vehicles: oneCar, billableMiles: [100] },
        { from: '2026-11-20', to: '2026-12-04', vehicles: twoCars, billableMiles: [30, 12] },
      ],
      changes: [{ effectiveDate: '2026-11-20', beforeCents: 5000, afterCents: 11000 }],
      milesThrough: '2026-11-22',
      statedMilesPerMonth: 600,
    });
    expect(bill.lines.map((l) => [l.kind, l.vehicleIndex, l.from, l.to, l.perMileRateMills, l.amountCents])).toEqual([
      ['base-rate', undefined, '2026-11-05', '2026-12-04', undefined, 5000],
      ['miles', 0, '2026-11-05', '2026-11-19', 80, 800],
      ['miles', 0, '2026-11-20', '2026-12-04', 90, 270],
      ['miles', 1, '2026-11-20', '2026-12-04', 60, 72],
      // 15 of 30 days at 6,000 more a month.
      ['policy-change', undefined, '2026-11-20', '2026-12-04', undefined, 3000],
    ]);
    expect(bill.billSoFarCents).toBe(5000 + 800 + 270 + 72 + 3000);
    expect(bill.milesSoFar).toEqual([130, 12]);
    // The first car has 18 days of miles: its pace (130 in 18 days) for the 12 days to come, at the new rate.
    // The second, 3 days in: what it did plus the stated 600 a month for the rest.
    const first = 30 + (130 / 18) * 12;
    const second = 12 + 600 * (12 / 30);
    // The stretch still running is forecast in whole miles, as shown, and priced on them (issue 26).
    expect(bill.forecastMiles).toBe(100 + Math.round(first) + Math.round(second));
    expect(bill.forecastCents).toBe(5000 + 800 + Math.round(first) * 9 + Math.round(second) * 6 + 3000);
  });

  it('a change later in the period: the bill so far already counts its difference; the days after it are forecast at its rates', () => {
    const bill = periodBill({
      schedule,
      index: 0,
      baseRateCents: 8000,
      paidBaseRateCents: 5000,
      vehicles: oneCar,
      billableMiles: [],
      stretches: [
        { from: '2026-11-05', to: '2026-11-24', vehicles: [car(0, 50)], billableMiles: [140] },
        { from: '2026-11-25', to: '2026-12-04', vehicles: oneCar, billableMiles: [0] },
      ],
      changes: [{ effectiveDate: '2026-11-25', beforeCents: 5000, afterCents: 8000 }],
      milesThrough: '2026-11-18',
      statedMilesPerMonth: null,
    });
    // 10 of 30 days at 3,000 more.
    expect(bill.billSoFarCents).toBe(5000 + 700 + 0 + 1000);
    // 10 miles a day: 6 more days at 5¢, 10 at 8¢.
    expect(bill.forecastCents).toBe(5000 + 1000 + 800 + 1000);
    expect(bill.forecastMiles).toBe(300);
  });
});

/** Any day from 2024 to 2031. */
const dayArb = fc.integer({ min: 0, max: 8 * 365 }).map((n) => addDays('2024-01-01', n));
const millsArb = fc.integer({ min: 20, max: 300 });
const carsArb = fc.array(millsArb, { minLength: 1, maxLength: 4 }).map((mills) => mills.map((perMileRateMills, number) => car(number, perMileRateMills)));
const milesArb = fc.integer({ min: 0, max: 150_000 }).map((hundredths) => hundredths / 100);

/**
 * A period of any policy (a bridge to a chosen billing day among them), cut by up to three
 * changes on any of its days (each with its cars and base rates), miles so far in each stretch
 * up to any day, maybe a cancellation on any day from the last change on.
 */
const caseArb = fc
  .record({
    start: dayArb,
    index: fc.integer({ min: 0, max: 6 }),
    billingDay: fc.option(fc.integer({ min: 1, max: 28 })),
    cuts: fc.array(fc.nat(40), { maxLength: 3 }),
    terms: fc.array(fc.record({ cents: fc.integer({ min: 2900, max: 60_000 }), cars: carsArb }), { minLength: 4, maxLength: 4 }),
    through: fc.nat(40),
    cancelAt: fc.option(fc.nat(40)),
    miles: fc.array(fc.array(milesArb, { minLength: 4, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
    stated: fc.option(fc.integer({ min: 0, max: 3000 })),
  })
  .map((c) => {
    let own: BillingSchedule = { effectiveDate: c.start, billingAnchors: null };
    if (c.billingDay !== null) own = { ...own, billingAnchors: chooseBillingDay(own, Math.max(0, c.index - 1), c.billingDay) };
    const period = billingPeriod(own, c.index);
    const at = (n: number) => addDays(period.start, n % period.days);
    const cutDays = [...new Set(c.cuts.map(at))].filter((day) => day > period.start).sort();
    const cancellationDate = c.cancelAt === null ? undefined : [at(c.cancelAt), ...cutDays].sort().at(-1);
    const lastDay = cancellationDate ?? period.end;
    const through = at(c.through) < lastDay ? at(c.through) : lastDay;
    const starts = [period.start, ...cutDays];
    const stretches = starts.map((from, i) => {
      const to = i + 1 < starts.length ? addDays(starts[i + 1], -1) : lastDay;
      const vehicles = c.terms[i].cars;
      // No miles yet in a stretch that has not begun.
      return { from, to, vehicles, billableMiles: vehicles.map((_v, car) => (from > through ? 0 : c.miles[i][car])) };
    });
    const changes = cutDays.map((effectiveDate, i) => ({ effectiveDate, beforeCents: c.terms[i].cents, afterCents: c.terms[i + 1].cents }));
    const input = {
      schedule: own,
      index: c.index,
      baseRateCents: c.terms[cutDays.length].cents,
      paidBaseRateCents: c.terms[0].cents,
      vehicles: c.terms[cutDays.length].cars,
      billableMiles: stretches[0].billableMiles,
      stretches,
      changes,
      ...(cancellationDate ? { cancellationDate } : {}),
    };
    return { period, input, through, stated: c.stated };
  });

/** What the statement bills for the period itself: all but the next period's base rate (paid ahead for that one). */
const statementForPeriod = (input: Parameters<typeof statementLines>[0]) => totalOf(statementLines(input).filter((line) => line.kind !== 'base-rate'));

describe(`${periodBill.name} against the statement (property)`, () => {
  it('the bill so far is, to the cent, the base rate paid ahead plus what the statement bills for the same miles', () => {
    fc.assert(
      fc.property(caseArb, ({ period, input, through, stated }) => {
        const bill = periodBill({ ...input, milesThrough: through, statedMilesPerMonth: stated });
        const paid = bill.lines[0];
        expect(paid.kind).toBe('base-rate');
        expect(bill.billSoFarCents).toBe(paid.amountCents + statementForPeriod(input));
        expect(bill.billSoFarCents).toBe(totalOf(bill.lines));
        // Each stretch's miles at its own cars' rates, every car of every stretch a line.
        const miles = bill.lines.filter((l) => l.kind === 'miles');
        expect(miles).toHaveLength(input.stretches.reduce((n, s) => n + s.vehicles.length, 0));
        for (const stretch of input.stretches)
          stretch.vehicles.forEach((vehicle) =>
            expect(miles).toContainEqual(
              expect.objectContaining({ from: stretch.from, to: stretch.to, vehicleIndex: vehicle.vehicleIndex, perMileRateMills: vehicle.perMileRateMills }),
            ),
          );
        expect(paid).toMatchObject({ from: period.start, to: period.end });
      }),
    );
  });

  it('the forecast is, to the cent, what the statement bills for the miles it expects, never below the bill so far', () => {
    fc.assert(
      fc.property(caseArb, ({ period, input, through, stated }) => {
        const bill = periodBill({ ...input, milesThrough: through, statedMilesPerMonth: stated });
        const paid = bill.lines[0].amountCents;
        // The statement, given per stretch the miles the forecast counts on.
        const expected = forecastStretchMiles({ stretches: input.stretches, through, monthDays: period.monthDays, statedMilesPerMonth: stated });
        const stretches = input.stretches.map((stretch, i) => ({ ...stretch, billableMiles: expected[i] }));
        expect(bill.forecastCents).toBe(paid + statementForPeriod({ ...input, stretches }));
        expect(bill.forecastMiles).toBe(Math.round(expected.flat().reduce((a, b) => a + b, 0) * 100) / 100);
        expect(bill.forecastCents).toBeGreaterThanOrEqual(bill.billSoFarCents);
        // On the last day, nothing is left to forecast.
        const last = periodBill({ ...input, milesThrough: input.cancellationDate ?? period.end, statedMilesPerMonth: stated });
        expect(last.forecastCents).toBe(last.billSoFarCents);
      }),
    );
  });

  it('with no change in the period, each car is forecast as before: its miles so far at the period pace or the stated miles', () => {
    fc.assert(
      fc.property(caseArb, ({ period, input, through, stated }) => {
        const [first] = input.stretches;
        const whole = { ...first, to: input.cancellationDate ?? period.end };
        const plain = { ...input, stretches: [whole], changes: [] };
        const bill = periodBill({ ...plain, milesThrough: through, statedMilesPerMonth: stated });
        const days = daysInclusive(period.start, whole.to);
        const daysElapsed = daysInclusive(period.start, through);
        const expected = whole.billableMiles.reduce(
          (sum, milesSoFar) => sum + forecastCarMiles({ milesSoFar, daysElapsed, days, monthDays: period.monthDays, statedMilesPerMonth: stated }),
          0,
        );
        // Each car's forecast in whole miles (never below its miles so far): within a mile of it.
        expect(Math.abs(bill.forecastMiles - expected)).toBeLessThanOrEqual(whole.billableMiles.length);
      }),
    );
  });
});
