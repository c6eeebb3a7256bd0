import fc from 'fast-check';
import { addDays, daysInclusive } from '../dates/iso-day';
import { baseRateFor, billingPeriod, chooseBillingDay, nextDayOfMonth, periodContaining, type BillingSchedule } from './billing-periods';

/** Any day from 2024 to 2031: three leap days among them. */
const dayArb = fc.integer({ min: 0, max: 8 * 365 }).map((n) => addDays('2024-01-01', n));
const billingDayArb = fc.integer({ min: 1, max: 28 });

/** A schedule as customers make it: a start, then billing days chosen in some of the periods after. */
const scheduleArb = fc
  .record({ effectiveDate: dayArb, choices: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 4 }), day: billingDayArb }), { maxLength: 4 }) })
  .map(({ effectiveDate, choices }) => {
    let schedule: BillingSchedule = { effectiveDate, billingAnchors: null };
    let current = 0;
    for (const { gap, day } of choices) {
      current += gap;
      schedule = { ...schedule, billingAnchors: chooseBillingDay(schedule, current, day) };
    }
    return schedule;
  });

describe(billingPeriod.name, () => {
  it('runs month by month from the start day, clamped in short months and on leap days', () => {
    const schedule = { effectiveDate: '2026-01-31', billingAnchors: null };
    expect([0, 1, 2].map((i) => billingPeriod(schedule, i)).map(({ start, end }) => [start, end])).toEqual([
      ['2026-01-31', '2026-02-27'],
      ['2026-02-28', '2026-03-30'],
      ['2026-03-31', '2026-04-29'],
    ]);
    const leap = { effectiveDate: '2028-02-29', billingAnchors: null };
    expect(billingPeriod(leap, 0)).toMatchObject({ start: '2028-02-29', end: '2028-03-28', days: 29 });
    expect(billingPeriod(leap, 12)).toMatchObject({ start: '2029-02-28', end: '2029-03-28' });
  });

  it('after a billing day is chosen, keeps the running period, bridges the next to that day, then runs month by month from it', () => {
    const start = { effectiveDate: '2026-11-05', billingAnchors: null };
    const schedule = { ...start, billingAnchors: chooseBillingDay(start, 0, 20) };
    expect([0, 1, 2, 3].map((i) => billingPeriod(schedule, i)).map(({ start: s, end, days, monthDays }) => [s, end, days, monthDays])).toEqual([
      ['2026-11-05', '2026-12-04', 30, 30],
      ['2026-12-05', '2026-12-19', 15, 31],
      ['2026-12-20', '2027-01-19', 31, 31],
      ['2027-01-20', '2027-02-19', 31, 31],
    ]);
    expect(baseRateFor(billingPeriod(schedule, 1), 6200)).toBe(3000);
    expect(baseRateFor(billingPeriod(schedule, 2), 6200)).toBe(6200);
  });

  it('choosing again in the same period replaces the choice; choosing the day it already is changes nothing', () => {
    const start = { effectiveDate: '2026-11-05', billingAnchors: null };
    const twice = chooseBillingDay({ ...start, billingAnchors: chooseBillingDay(start, 0, 20) }, 0, 10);
    expect(twice).toEqual([{ fromIndex: 1, start: '2026-12-05', day: 10 }]);
    const same = { ...start, billingAnchors: chooseBillingDay(start, 0, 5) };
    expect(billingPeriod(same, 1)).toMatchObject({ start: '2026-12-05', end: '2027-01-04', days: 31, monthDays: 31 });
  });

  it('finds the next day of the month strictly after a day', () => {
    expect(nextDayOfMonth('2026-11-05', 20)).toBe('2026-11-20');
    expect(nextDayOfMonth('2026-11-20', 20)).toBe('2026-12-20');
    expect(nextDayOfMonth('2027-01-31', 28)).toBe('2027-02-28');
  });

  it('tiles the calendar: periods follow each other with no gap or overlap, each at most a month (property)', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        let previous = billingPeriod(schedule, 0);
        expect(previous.start).toBe(schedule.effectiveDate);
        for (let index = 1; index < 16; index++) {
          const period = billingPeriod(schedule, index);
          expect(period.start).toBe(addDays(previous.end, 1));
          expect(period.days).toBe(daysInclusive(period.start, period.end));
          expect(period.days).toBeGreaterThanOrEqual(1);
          expect(period.days).toBeLessThanOrEqual(period.monthDays);
          expect(period.days).toBeLessThanOrEqual(31);
          previous = period;
        }
      }),
    );
  });

  it('puts every day in exactly the period that holds it (property)', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 400 }), (schedule, offset) => {
        const day = addDays(schedule.effectiveDate, offset);
        const period = periodContaining(schedule, day);
        expect(period.start <= day && day <= period.end).toBe(true);
        expect(period).toEqual(billingPeriod(schedule, period.index));
      }),
    );
  });

  it('after the bridge, statements fall on the chosen day every month (property)', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 3 }), billingDayArb, (effectiveDate, current, day) => {
        const start = { effectiveDate, billingAnchors: null };
        const schedule = { ...start, billingAnchors: chooseBillingDay(start, current, day) };
        // The periods up to the running one are as they were: already paid for.
        for (let index = 0; index <= current; index++) expect(billingPeriod(schedule, index)).toEqual(billingPeriod(start, index));
        for (let index = current + 2; index < current + 14; index++) expect(Number(billingPeriod(schedule, index).start.slice(8))).toBe(day);
      }),
    );
  });

  it("prorates the base rate to the day, never above the month's (property)", () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 2900, max: 40_000 }), (schedule, index, monthly) => {
        const period = billingPeriod(schedule, index);
        const base = baseRateFor(period, monthly);
        expect(Number.isInteger(base)).toBe(true);
        expect(base).toBeLessThanOrEqual(monthly);
        expect(Math.abs(base - (monthly * period.days) / period.monthDays)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
