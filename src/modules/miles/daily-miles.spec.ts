import fc from 'fast-check';
import { dailyMiles, type TripSpan } from './daily-miles';
import { isCalendarDay } from '../../shared/dates/calendar-day';
import { localDay, spreadOverDays, startOfLocalDay } from '../../shared/dates/state-day';

const PHOENIX = 'America/Phoenix';
const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);

describe('local days', () => {
  it('counts days on the state\'s clock, daylight saving included', () => {
    expect(localDay(at('2026-11-23T06:30:00Z'), PHOENIX)).toBe('2026-11-22');
    expect(startOfLocalDay('2026-11-23', PHOENIX).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', CHICAGO).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(startOfLocalDay('2026-12-01', CHICAGO).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    // The day clocks go back in Chicago is 25 hours long.
    expect(startOfLocalDay('2026-11-02', CHICAGO).getTime() - startOfLocalDay('2026-11-01', CHICAGO).getTime()).toBe(25 * 3_600_000);
  });

  it('knows which days are on the calendar', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].every(isCalendarDay)).toBe(true);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-1', '20260101', ''].some(isCalendarDay)).toBe(false);
  });

  it('splits a trip across midnight by the time on each side', () => {
    // 23:30 to 00:30 in Phoenix (UTC-7).
    const spread = spreadOverDays(at('2026-11-23T06:30:00Z'), at('2026-11-23T07:30:00Z'), 40, PHOENIX);
    expect(Object.fromEntries(spread)).toEqual({ '2026-11-22': 20, '2026-11-23': 20 });
  });
});

describe(dailyMiles.name, () => {
  const base = { from: '2026-11-20', to: '2026-11-26', timeZone: PHOENIX };

  it('counts trips per day and caps what is billed at 250 a day', () => {
    const days = dailyMiles({
      ...base,
      trips: [
        { startedAt: at('2026-11-21T15:00:00Z'), endedAt: at('2026-11-21T16:00:00Z'), miles: 30 },
        { startedAt: at('2026-11-21T18:00:00Z'), endedAt: at('2026-11-22T01:00:00Z'), miles: 400 },
      ],
      readings: [],
    });
    expect(days.find((d) => d.date === '2026-11-21')).toEqual({ date: '2026-11-21', miles: 430, billableMiles: 250, source: 'trips' });
    expect(days.find((d) => d.date === '2026-11-20')).toEqual({ date: '2026-11-20', miles: 0, billableMiles: 0, source: 'none' });
  });

  it('spreads the odometer between readings over the days without trips, less the trips\' miles', () => {
    const days = dailyMiles({
      ...base,
      // Noon on the 20th to noon on the 24th: 400 miles, 100 of them on a trip on the 22nd.
      readings: [
        { readAt: at('2026-11-20T19:00:00Z'), reading: 10_000 },
        { readAt: at('2026-11-24T19:00:00Z'), reading: 10_400 },
      ],
      trips: [{ startedAt: at('2026-11-22T16:00:00Z'), endedAt: at('2026-11-22T18:00:00Z'), miles: 100 }],
    });
    const byDay = Object.fromEntries(days.map((d) => [d.date, [d.miles, d.source]]));
    expect(byDay['2026-11-22']).toEqual([100, 'trips']);
    // 300 miles over half of the 20th, the 21st, the 23rd and half of the 24th (3 days' time).
    expect(byDay['2026-11-20']).toEqual([50, 'odometer']);
    expect(byDay['2026-11-21']).toEqual([100, 'odometer']);
    expect(byDay['2026-11-23']).toEqual([100, 'odometer']);
    expect(byDay['2026-11-24']).toEqual([50, 'odometer']);
    expect(byDay['2026-11-25']).toEqual([0, 'none']);
  });

  it('bills nothing between two equal readings: the car did not move', () => {
    const days = dailyMiles({
      ...base,
      trips: [],
      readings: [
        { readAt: at('2026-11-20T19:00:00Z'), reading: 5_000 },
        { readAt: at('2026-11-26T19:00:00Z'), reading: 5_000 },
      ],
    });
    expect(days.every((d) => d.miles === 0 && d.billableMiles === 0)).toBe(true);
  });

  const tripArb = fc
    .record({ start: fc.integer({ min: 0, max: 6 * 24 * 60 }), minutes: fc.integer({ min: 0, max: 600 }), miles: fc.double({ min: 0, max: 600, noNaN: true }) })
    .map(({ start, minutes, miles }): TripSpan => {
      const startedAt = new Date(at('2026-11-20T07:00:00Z').getTime() + start * 60_000);
      return { startedAt, endedAt: new Date(startedAt.getTime() + minutes * 60_000), miles };
    });

  it("makes an accepted dispute's miles the day's, whatever the trips said, still billing at most 250", () => {
    const trips = [
      { startedAt: at('2026-11-21T15:00:00Z'), endedAt: at('2026-11-21T16:00:00Z'), miles: 120 },
      { startedAt: at('2026-11-22T15:00:00Z'), endedAt: at('2026-11-22T16:00:00Z'), miles: 40 },
    ];
    const days = dailyMiles({ ...base, trips, readings: [], resolved: [{ day: '2026-11-21', miles: 12 }, { day: '2026-11-23', miles: 400 }] });
    const byDay = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDay['2026-11-21']).toEqual({ date: '2026-11-21', miles: 12, billableMiles: 12, source: 'dispute' });
    expect(byDay['2026-11-22']).toEqual({ date: '2026-11-22', miles: 40, billableMiles: 40, source: 'trips' });
    expect(byDay['2026-11-23']).toEqual({ date: '2026-11-23', miles: 400, billableMiles: 250, source: 'dispute' });
  });

  it('lets an accepted dispute of 0 miles clear a day of odometer miles, leaving the other days\' spread as it was', () => {
    const readings = [
      { readAt: at('2026-11-20T19:00:00Z'), reading: 10_000 },
      { readAt: at('2026-11-24T19:00:00Z'), reading: 10_400 },
    ];
    const before = dailyMiles({ ...base, trips: [], readings });
    const after = dailyMiles({ ...base, trips: [], readings, resolved: [{ day: '2026-11-22', miles: 0 }] });
    expect(after.find((d) => d.date === '2026-11-22')).toEqual({ date: '2026-11-22', miles: 0, billableMiles: 0, source: 'dispute' });
    expect(after.filter((d) => d.date !== '2026-11-22')).toEqual(before.filter((d) => d.date !== '2026-11-22'));
  });

  it('ignores an accepted dispute of a day outside the range asked for', () => {
    const days = dailyMiles({ ...base, trips: [], readings: [], resolved: [{ day: '2026-11-30', miles: 80 }] });
    expect(days).toHaveLength(7);
    expect(days.every((d) => d.source === 'none' && d.miles === 0)).toBe(true);
  });

  it('never bills more than 250 on a disputed day, nor less than 0 (property)', () => {
    fc.assert(
      fc.property(fc.array(tripArb, { maxLength: 10 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 6 }), (trips, miles, offset) => {
        const day = `2026-11-2${offset}`;
        const days = dailyMiles({ ...base, trips, readings: [], resolved: [{ day, miles }] });
        expect(days.find((d) => d.date === day)).toEqual({ date: day, miles, billableMiles: Math.min(miles, 250), source: 'dispute' });
      }),
    );
  });

  it('keeps every trip mile, never goes negative, and never bills more than 250 a day (property)', () => {
    fc.assert(
      fc.property(fc.array(tripArb, { maxLength: 20 }), (trips) => {
        const days = dailyMiles({ from: '2026-11-20', to: '2026-11-27', timeZone: PHOENIX, trips, readings: [] });
        const total = trips.reduce((sum, t) => sum + t.miles, 0);
        const counted = days.reduce((sum, d) => sum + d.miles, 0);
        expect(Math.abs(counted - total)).toBeLessThan(0.01 * days.length + 1e-6);
        for (const day of days) {
          expect(day.miles).toBeGreaterThanOrEqual(0);
          expect(day.billableMiles).toBeLessThanOrEqual(250);
          expect(day.billableMiles).toBeLessThanOrEqual(day.miles);
        }
      }),
    );
  });

  it('spreads exactly the odometer advance over the days between two readings, and nothing when it did not move (property)', () => {
    const readingArb = fc.record({ hour: fc.integer({ min: 0, max: 7 * 24 }), reading: fc.integer({ min: 0, max: 5000 }) });
    fc.assert(
      fc.property(fc.array(readingArb, { minLength: 2, maxLength: 6 }), (raw) => {
        // Readings at distinct hours, never going down (as the service keeps them).
        const hours = [...new Set(raw.map((r) => r.hour))].sort((a, b) => a - b);
        const values = raw.map((r) => r.reading).sort((a, b) => a - b).slice(0, hours.length);
        const readings = hours.map((hour, i) => ({ readAt: new Date(at('2026-11-20T07:00:00Z').getTime() + hour * 3_600_000), reading: 10_000 + values[i] }));
        const days = dailyMiles({ from: '2026-11-19', to: '2026-11-28', timeZone: PHOENIX, trips: [], readings });
        const advance = readings[readings.length - 1].reading - readings[0].reading;
        const counted = days.reduce((sum, d) => sum + d.miles, 0);
        expect(Math.abs(counted - advance)).toBeLessThan(0.01 * days.length + 1e-6);
        for (const day of days) expect(day.miles).toBeGreaterThanOrEqual(0);
        if (advance === 0) expect(days.every((d) => d.miles === 0 && d.billableMiles === 0)).toBe(true);
      }),
    );
  });
});
