import fc from 'fast-check';
import { periodOf, statementLines, totalOf } from './statement-lines';

describe(statementLines.name, () => {
  const policy = { effectiveDate: '2026-11-05', baseRateCents: 5000, vehicles: [{ perMileRateMills: 71 }, { perMileRateMills: 80 }] };

  it('bills the period\'s miles car by car and the next period\'s base rate', () => {
    const lines = statementLines({ ...policy, index: 0, billableMiles: [600, 125.5] });
    expect(lines).toEqual([
      { kind: 'miles', vehicleIndex: 0, from: '2026-11-05', to: '2026-12-04', miles: 600, perMileRateMills: 71, amountCents: 4260 },
      { kind: 'miles', vehicleIndex: 1, from: '2026-11-05', to: '2026-12-04', miles: 125.5, perMileRateMills: 80, amountCents: 1004 },
      { kind: 'base-rate', from: '2026-12-05', to: '2027-01-04', amountCents: 5000 },
    ]);
    expect(totalOf(lines)).toBe(10264);
  });

  it('on cancellation bills the miles to the last day and gives back the unused days of base rate', () => {
    // Period 2026-12-05..2027-01-04 (31 days); covered to 2026-12-14: 21 days unused.
    const lines = statementLines({ ...policy, index: 1, billableMiles: [100, 0], cancellationDate: '2026-12-14' });
    expect(lines.map((l) => [l.kind, l.to, l.amountCents])).toEqual([
      ['miles', '2026-12-14', 710],
      ['miles', '2026-12-14', 0],
      ['base-rate-credit', '2027-01-04', -3387],
    ]);
  });

  it('periods follow the start day, clamped to short months', () => {
    expect(periodOf('2026-01-31', 0)).toEqual({ start: '2026-01-31', end: '2026-02-27' });
    expect(periodOf('2026-01-31', 1)).toEqual({ start: '2026-02-28', end: '2026-03-30' });
  });

  it('never bills less for more miles, and every cent is a line (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 7500, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (miles, more) => {
        const a = statementLines({ ...policy, index: 0, billableMiles: [miles, 0] });
        const b = statementLines({ ...policy, index: 0, billableMiles: [miles + more, 0] });
        return totalOf(b) >= totalOf(a) && totalOf(a) === a.reduce((s, l) => s + l.amountCents, 0);
      }),
    );
  });
});
