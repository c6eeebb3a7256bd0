import { comingAfter, changesAfter, coverGaps, eventMoment, inForceAt, termsChanges, type TimelineEvent } from './timeline';

interface Terms {
  baseRateCents: number;
  vehicles: { vehicleIndex: number; perMileRateMills: number; baseRateCents: number; year: number; make: string; model: string }[];
}

const car = (vehicleIndex: number) => ({ vehicleIndex, perMileRateMills: 70, baseRateCents: 5000, year: 2019, make: 'Honda', model: 'Civic' });
const terms = (baseRateCents: number, cars = [0]): Terms => ({ baseRateCents, vehicles: cars.map(car) });
const at = (iso: string) => new Date(iso);
const event = (seq: number, kind: TimelineEvent<Terms>['kind'], effective: string, t: Terms, reversed = false): TimelineEvent<Terms> => ({
  seq,
  kind,
  effectiveAt: at(effective),
  effectiveDate: effective.slice(0, 10),
  terms: t,
  reversed,
});

describe('the policy timeline (issue 26)', () => {
  // Bought at 8:34 pm in Phoenix on November 26 (03:34 UTC the next day) to start that day; a car added from Dec 1 booked first, a driver from Nov 28 booked after it.
  const issue = event(0, 'issue', '2026-11-27T03:34:00Z', terms(5000));
  const car1 = event(1, 'change', '2026-12-01T07:00:00Z', terms(9000, [0, 1]), true);
  const driver = event(2, 'change', '2026-11-28T07:00:00Z', terms(6000));
  const car1Again = event(3, 'change', '2026-12-01T07:00:00Z', terms(11000, [0, 1]));
  const timeline = [issue, car1, driver, car1Again];

  it('reads the terms in force at a moment: the last event effective by then, reversed ones skipped', () => {
    expect(inForceAt(timeline, at('2026-11-27T12:00:00Z'))).toBe(issue);
    expect(inForceAt(timeline, at('2026-11-28T07:00:00Z'))).toBe(driver);
    expect(inForceAt(timeline, at('2026-11-30T23:59:59Z'))).toBe(driver);
    expect(inForceAt(timeline, at('2026-12-01T07:00:00Z'))).toBe(car1Again);
  });

  it('reads a policy not started yet as it will be (its first event), never as nothing', () => {
    expect(inForceAt(timeline, at('2026-11-20T00:00:00Z'))).toBe(issue);
  });

  it('two events at the same moment: the one booked last wins', () => {
    const sameDay = event(4, 'change', '2026-11-28T07:00:00Z', terms(6500));
    expect(inForceAt([...timeline, sameDay], at('2026-11-29T00:00:00Z'))).toBe(sameDay);
  });

  it('says what is coming after a moment, in the order it takes effect, and which changes an earlier one must re-apply', () => {
    expect(comingAfter(timeline, at('2026-11-27T12:00:00Z'))).toEqual([driver, car1Again]);
    expect(changesAfter(timeline, at('2026-11-28T07:00:00Z'))).toEqual([car1Again]);
    expect(comingAfter(timeline, at('2026-12-02T00:00:00Z'))).toEqual([]);
  });

  it('gives billing each change with the terms before it, in effect order, whatever order they were booked in', () => {
    expect(termsChanges(timeline).map((c) => [c.effectiveDate, c.before.baseRateCents, c.after.baseRateCents])).toEqual([
      ['2026-11-28', 5000, 6000],
      ['2026-12-01', 6000, 11000],
    ]);
  });

  it('gives billing no change for a notice, a cancellation or an expiry: they keep the terms they end', () => {
    const lapse = event(4, 'lapse', '2026-12-10T07:00:00Z', terms(11000, [0, 1]));
    const cancel = event(5, 'cancel', '2026-12-20T07:00:00Z', terms(11000, [0, 1]));
    expect(termsChanges([...timeline, lapse, cancel]).map((c) => c.effectiveDate)).toEqual(['2026-11-28', '2026-12-01']);
  });

  it('takes effect at the start of its day in the state, or at the moment cover began if later', () => {
    // Phoenix has no daylight saving: midnight is 07:00 UTC all year.
    expect(eventMoment('2026-11-27', 'AZ').toISOString()).toBe('2026-11-27T07:00:00.000Z');
    const bound = at('2026-11-28T03:34:00Z');
    expect(eventMoment('2026-11-27', 'AZ', bound)).toBe(bound);
    expect(eventMoment('2026-11-29', 'AZ', bound).toISOString()).toBe('2026-11-29T07:00:00.000Z');
    // Chicago on the day clocks go back (Nov 1, 2026): midnight is still 05:00 UTC, the day is 25 hours long.
    expect(eventMoment('2026-11-01', 'IL').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(eventMoment('2026-11-02', 'IL').toISOString()).toBe('2026-11-02T06:00:00.000Z');
  });

  it('finds the lapse between a cancellation and the reinstatement after it; a cancellation not followed by one is no lapse', () => {
    const cancel = event(4, 'cancel', '2026-12-10T07:00:00Z', terms(11000, [0, 1]));
    const reinstate = event(5, 'reinstate', '2026-12-12T21:14:00Z', terms(11000, [0, 1]));
    expect(coverGaps([...timeline, cancel, reinstate])).toEqual([
      { from: cancel.effectiveAt, to: reinstate.effectiveAt, fromDate: '2026-12-10', toDate: '2026-12-12' },
    ]);
    expect(coverGaps([...timeline, cancel])).toEqual([]);
    expect(coverGaps([...timeline, cancel, { ...reinstate, reversed: true }])).toEqual([]);
  });
});
