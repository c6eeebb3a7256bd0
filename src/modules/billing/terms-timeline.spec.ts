import fc from 'fast-check';
import { billingPeriod } from '../../shared/billing/billing-periods';
import { termsOn, termStretches, type BilledTerms, type TermsChange } from '../../shared/billing/terms-timeline';
import { addDays } from '../../shared/dates/iso-day';
import { statementLines, totalOf } from './statement-lines';
import type { PolicyVehicle } from '../../shared/policy/policy-model';

const car = (perMileRateMills: number, baseRateCents = 5000, vehicleIndex = 0): PolicyVehicle => ({
  vehicleIndex,
  year: 2020,
  make: 'Honda',
  model: 'Civic',
  perMileRateMills,
  baseRateCents,
});
const oneCar: BilledTerms = { baseRateCents: 5000, vehicles: [car(80)] };
const twoCars: BilledTerms = { baseRateCents: 11000, vehicles: [car(80), car(60, 6000, 1)] };

describe(termStretches.name, () => {
  it('cuts the days where each change takes effect, each stretch with the terms then in force', () => {
    const changes: TermsChange[] = [{ effectiveDate: '2026-11-20', before: oneCar, after: twoCars }];
    expect(termStretches(twoCars, changes, '2026-11-05', '2026-12-04')).toEqual([
      { from: '2026-11-05', to: '2026-11-19', terms: oneCar },
      { from: '2026-11-20', to: '2026-12-04', terms: twoCars },
    ]);
    // A change on the first day, or after the last, makes no cut.
    expect(termStretches(twoCars, changes, '2026-11-20', '2026-12-19')).toEqual([{ from: '2026-11-20', to: '2026-12-19', terms: twoCars }]);
    expect(termStretches(twoCars, changes, '2026-10-05', '2026-11-04')).toEqual([{ from: '2026-10-05', to: '2026-11-04', terms: oneCar }]);
    expect(termsOn(twoCars, [], '2026-01-01')).toBe(twoCars);
  });
});

describe('statementLines with a change in the period', () => {
  const schedule = { effectiveDate: '2026-11-05', billingAnchors: null };

  it("bills each stretch's miles at its cars' rates, the change's difference for the rest of the period, and the next period at the new rate", () => {
    const lines = statementLines({
      schedule,
      index: 0,
      baseRateCents: 11000,
      paidBaseRateCents: 5000,
      vehicles: twoCars.vehicles,
      billableMiles: [],
      stretches: [
        { from: '2026-11-05', to: '2026-11-19', vehicles: oneCar.vehicles, billableMiles: [100] },
        { from: '2026-11-20', to: '2026-12-04', vehicles: twoCars.vehicles, billableMiles: [50, 200] },
      ],
      changes: [{ effectiveDate: '2026-11-20', beforeCents: 5000, afterCents: 11000 }],
    });
    expect(lines.map((l) => [l.kind, l.from, l.to, l.amountCents])).toEqual([
      ['miles', '2026-11-05', '2026-11-19', 800],
      ['miles', '2026-11-20', '2026-12-04', 400],
      ['miles', '2026-11-20', '2026-12-04', 1200],
      // 15 of 30 days at 6,000 more a month.
      ['policy-change', '2026-11-20', '2026-12-04', 3000],
      ['base-rate', '2026-12-05', '2027-01-04', 11000],
    ]);
  });

  it('cancelled after a change: the difference runs to the last day covered, and the credit gives back what was paid ahead (property)', () => {
    fc.assert(
      fc.property(fc.nat(29), fc.nat(29), fc.integer({ min: 2900, max: 40_000 }), fc.integer({ min: 2900, max: 40_000 }), (a, b, before, after) => {
        const period = billingPeriod(schedule, 0);
        const [changeDay, lastDay] = [addDays(period.start, Math.min(a, b)), addDays(period.start, Math.max(a, b))];
        const lines = statementLines({
          schedule,
          index: 0,
          baseRateCents: after,
          paidBaseRateCents: before,
          vehicles: [car(70)],
          billableMiles: [0],
          cancellationDate: lastDay,
          changes: [{ effectiveDate: changeDay, beforeCents: before, afterCents: after }],
        });
        const kept = before + totalOf(lines);
        const daysBefore = Math.min(a, b);
        const daysAfter = Math.max(a, b) - Math.min(a, b) + 1;
        // The base rate kept: each day at the rate in force on it, to within rounding of two lines.
        expect(Math.abs(kept - (before * daysBefore + after * daysAfter) / period.days)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
