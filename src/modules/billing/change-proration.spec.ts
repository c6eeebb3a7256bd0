import fc from 'fast-check';
import { billingPeriod, chooseBillingDay, type BillingSchedule } from '../../shared/billing/billing-periods';
import { changeProration } from '../../shared/billing/change-proration';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';

/** Any day from 2024 to 2031 (three leap days among them). */
const dayArb = fc.integer({ min: 0, max: 8 * 365 }).map((n) => addDays('2024-01-01', n));
const centsArb = fc.integer({ min: 2900, max: 60_000 });

/** A period of any policy, a bridge to a chosen billing day among them, and a day in it. */
const periodArb = fc
  .record({ start: dayArb, index: fc.integer({ min: 0, max: 8 }), billingDay: fc.option(fc.integer({ min: 1, max: 28 })), at: fc.nat(40) })
  .map(({ start, index, billingDay, at }) => {
    let schedule: BillingSchedule = { effectiveDate: start, billingAnchors: null };
    if (billingDay !== null) schedule = { ...schedule, billingAnchors: chooseBillingDay(schedule, Math.max(0, index - 1), billingDay) };
    const period = billingPeriod(schedule, index);
    return { period, day: addDays(period.start, at % period.days) };
  });

describe(changeProration.name, () => {
  it('bills the difference for the days from the change to the period end, both counted', () => {
    const period = { start: '2026-11-05', end: '2026-12-04', monthDays: 30 };
    expect(changeProration(period, '2026-11-20', 9000, 12000)).toEqual({ from: '2026-11-20', to: '2026-12-04', days: 15, periodDays: 30, amountCents: 1500 });
    expect(changeProration(period, '2026-12-04', 9000, 12000).days).toBe(1);
    expect(changeProration(period, '2026-11-05', 12000, 9000).amountCents).toBe(-3000);
    expect(changeProration(period, '2026-11-20', 9000, 9000).amountCents).toBe(0);
  });

  it('counts a bridge to a new billing day by the month it runs in, as its base rate was', () => {
    // A 15-day bridge paid 15/31 of the month: the change pays its days at a 31st of the difference.
    expect(changeProration({ start: '2026-12-05', end: '2026-12-19', monthDays: 31 }, '2026-12-10', 6200, 9300)).toMatchObject({ days: 10, amountCents: 1000 });
  });

  it('is within half a cent of the exact day-by-day difference, and never more than the whole month (property)', () => {
    fc.assert(
      fc.property(periodArb, centsArb, centsArb, ({ period, day }, before, after) => {
        const { days, amountCents, periodDays } = changeProration(period, day, before, after);
        expect(days).toBe(daysInclusive(day, period.end));
        expect(Number.isInteger(amountCents)).toBe(true);
        expect(Math.abs(amountCents - ((after - before) * days) / periodDays)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(amountCents)).toBeLessThanOrEqual(Math.abs(after - before));
        expect(Math.sign(amountCents) === Math.sign(after - before) || amountCents === 0).toBe(true);
      }),
    );
  });

  it('a raise and the same drop on the same day net to nothing; a later change never prorates more (property)', () => {
    fc.assert(
      fc.property(periodArb, centsArb, centsArb, fc.nat(40), ({ period, day }, before, after, later) => {
        const up = changeProration(period, day, before, after).amountCents;
        const down = changeProration(period, day, after, before).amountCents;
        expect(up + down).toBe(0);
        const laterDay = addDays(day, later % (daysInclusive(day, period.end) || 1));
        expect(Math.abs(changeProration(period, laterDay, before, after).amountCents)).toBeLessThanOrEqual(Math.abs(up));
      }),
    );
  });

  it('two changes in one period bill each its own days: together, what the day-by-day rates add to (property)', () => {
    fc.assert(
      fc.property(periodArb, fc.nat(40), centsArb, centsArb, centsArb, ({ period, day }, gap, a, b, c) => {
        const second = addDays(day, gap % daysInclusive(day, period.end));
        const total = changeProration(period, day, a, b).amountCents + changeProration(period, second, b, c).amountCents;
        const exact = ((b - a) * daysInclusive(day, period.end) + (c - b) * daysInclusive(second, period.end)) / period.monthDays;
        expect(Math.abs(total - exact)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
