import { nextDay } from './iso-day';

/** The time zone a policy's days are counted in: its state's (DESIGN.md's launch states). */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AZ: 'America/Phoenix',
  TX: 'America/Chicago',
  IL: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
};

export function timeZoneOf(state: string): string {
  return STATE_TIME_ZONES[state] ?? 'America/New_York';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, second: +parts.second };
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function localDay(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The calendar day an instant falls on in a US state: a policy's "today". Its miles, its billing
 * periods and its statements all count in these days, never in the server's UTC ones.
 */
export function stateDay(at: Date, state: string): string {
  return localDay(at, timeZoneOf(state));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (negative west of UTC). */
function offsetAt(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local day starts (its midnight), daylight-saving changes included. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  const first = wall - offsetAt(new Date(wall), timeZone);
  return new Date(wall - offsetAt(new Date(first), timeZone));
}

/**
 * Spreads an amount over the local days an interval covers, in proportion to the time spent in
 * each (a trip from 23:30 to 00:30 puts half its miles on each day). An instant interval puts
 * everything on its day.
 */
export function spreadOverDays(start: Date, end: Date, amount: number, timeZone: string): Map<string, number> {
  const spread = new Map<string, number>();
  const total = end.getTime() - start.getTime();
  let day = localDay(start, timeZone);
  if (total <= 0) return spread.set(day, amount);
  let from = start.getTime();
  while (from < end.getTime()) {
    const next = nextDay(day);
    const until = Math.min(startOfLocalDay(next, timeZone).getTime(), end.getTime());
    spread.set(day, (spread.get(day) ?? 0) + (amount * (until - from)) / total);
    from = until;
    day = next;
  }
  return spread;
}
