import fc from 'fast-check';
import { daysInclusive, nextDay } from './iso-day';
import { localDay, spreadOverDays, startOfLocalDay, STATE_TIME_ZONES, stateDay } from './state-day';

const zoneArb = fc.constantFrom(...Object.values(STATE_TIME_ZONES));
/** Any instant from 2024 to 2031, daylight-saving changes and leap days among them. */
const instantArb = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2031-12-31T00:00:00Z') }).map((ms) => new Date(ms));

describe('local days in every state we sell in', () => {
  it("names a state's own day: at 02:00 UTC it is still yesterday in Arizona and Oregon, already today in Pennsylvania at 05:00", () => {
    expect(stateDay(new Date('2026-11-26T02:00:00Z'), 'AZ')).toBe('2026-11-25');
    expect(stateDay(new Date('2026-11-26T02:00:00Z'), 'OR')).toBe('2026-11-25');
    expect(stateDay(new Date('2026-11-26T07:00:00Z'), 'AZ')).toBe('2026-11-26');
    expect(stateDay(new Date('2026-11-26T05:00:00Z'), 'PA')).toBe('2026-11-26');
    expect(stateDay(new Date('2026-07-01T04:30:00Z'), 'PA')).toBe('2026-07-01');
    expect(stateDay(new Date('2026-07-01T03:30:00Z'), 'PA')).toBe('2026-06-30');
  });

  it('puts each instant in the local day that holds it, days 23 to 25 hours long (property)', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, (at, zone) => {
        const day = localDay(at, zone);
        const [start, end] = [startOfLocalDay(day, zone), startOfLocalDay(nextDay(day), zone)];
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(end.getTime());
        expect([23, 24, 25]).toContain((end.getTime() - start.getTime()) / 3_600_000);
      }),
    );
  });

  it('splits a trip over the local days it touches and keeps every mile (property)', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 0, max: 3 * 24 * 60 }), fc.double({ min: 0, max: 900, noNaN: true }), zoneArb, (startedAt, minutes, miles, zone) => {
        const endedAt = new Date(startedAt.getTime() + minutes * 60_000);
        const days = spreadOverDays(startedAt, endedAt, miles, zone);
        const total = [...days.values()].reduce((a, b) => a + b, 0);
        expect(Math.abs(total - miles)).toBeLessThan(1e-6);
        expect(days.size).toBeLessThanOrEqual(daysInclusive(localDay(startedAt, zone), localDay(endedAt, zone)));
        for (const day of days.keys()) expect(day >= localDay(startedAt, zone) && day <= localDay(endedAt, zone)).toBe(true);
      }),
    );
  });
});
