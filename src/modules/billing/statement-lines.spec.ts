import fc from 'fast-check';
import { billingPeriod, chooseBillingDay } from '../../shared/billing/billing-periods';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { statementLines, totalOf } from './statement-lines';

describe(statementLines.name, () => {
  const schedule = { effectiveDate: '2026-11-05', billingAnchors: null };
  const civic = { vehicleIndex: 0, year: 2019, make: 'Honda', model: 'Civic', perMileRateMills: 71 };
  const rav4 = { vehicleIndex: 1, year: 2016, make: 'Toyota', model: 'RAV4', perMileRateMills: 80 };
  const policy = { schedule, baseRateCents: 5000, vehicles: [civic, rav4] };
  const named = ({ year, make, model }: typeof civic) => ({ year, make, model });

  it("bills the period's miles car by car and the next period's base rate", () => {
    const lines = statementLines({ ...policy, index: 0, billableMiles: [600, 125.5] });
    expect(lines).toEqual([
      { kind: 'miles', vehicleIndex: 0, vehicle: named(civic), from: '2026-11-05', to: '2026-12-04', miles: 600, perMileRateMills: 71, amountCents: 4260 },
      { kind: 'miles', vehicleIndex: 1, vehicle: named(rav4), from: '2026-11-05', to: '2026-12-04', miles: 125.5, perMileRateMills: 80, amountCents: 1004 },
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

  it('gives back the base rate of days without cover (a lapse a reinstatement ended), to the day', () => {
    // Period 2026-12-05..2027-01-04 (31 days); not covered 2026-12-10..2026-12-12: 3 days of $50.
    const lines = statementLines({ ...policy, index: 1, billableMiles: [100, 0], lapses: [{ from: '2026-12-10', to: '2026-12-12', baseRateCents: 5000 }] });
    expect(lines.filter((l) => l.kind === 'no-cover')).toEqual([
      { kind: 'no-cover', from: '2026-12-10', to: '2026-12-12', days: 3, periodDays: 31, amountCents: -484 },
    ]);
    expect(lines.at(-1)).toEqual({ kind: 'base-rate', from: '2027-01-05', to: '2027-02-04', amountCents: 5000 });
  });

  it('bills a bridge to a newly chosen billing day prorated to the day, saying how many days', () => {
    const chosen = { ...schedule, billingAnchors: chooseBillingDay(schedule, 0, 20) };
    const [, , base] = statementLines({ ...policy, schedule: chosen, index: 0, billableMiles: [0, 0] });
    // 2026-12-05..2026-12-19: 15 of the 31 days from Dec 5.
    expect(base).toEqual({ kind: 'base-rate', from: '2026-12-05', to: '2026-12-19', days: 15, periodDays: 31, amountCents: 2419 });
  });

  it("adds a corrected day of a period billed before as its own line, at that car's rate", () => {
    const lines = statementLines({ ...policy, index: 1, billableMiles: [0, 0], adjustments: [{ vehicleIndex: 1, day: '2026-11-20', miles: -120 }] });
    expect(lines).toContainEqual({
      kind: 'mileage-adjustment',
      vehicleIndex: 1,
      vehicle: named(rav4),
      from: '2026-11-20',
      to: '2026-11-20',
      miles: -120,
      perMileRateMills: 80,
      amountCents: -960,
    });
    expect(totalOf(lines)).toBe(5000 - 960);
  });

  it('names each car by its number and its name then: a car removed keeps its own, the car after it is not renumbered', () => {
    // The Civic (car 0) removed from 2026-11-20: the RAV4 stays car 1; a corrected day of the Civic is the Civic's.
    const lines = statementLines({
      ...policy,
      vehicles: [rav4],
      index: 1,
      billableMiles: [0],
      stretches: [
        { from: '2026-12-05', to: '2026-12-09', vehicles: [civic, rav4], billableMiles: [10, 20] },
        { from: '2026-12-10', to: '2027-01-04', vehicles: [rav4], billableMiles: [30] },
      ],
      adjustments: [{ vehicleIndex: 0, day: '2026-11-20', miles: 5 }],
      vehiclesOn: (day) => (day < '2026-12-10' ? [civic, rav4] : [rav4]),
    });
    expect(lines.filter((l) => l.vehicleIndex !== undefined).map((l) => [l.kind, l.vehicleIndex, l.vehicle?.model, l.miles, l.amountCents])).toEqual([
      ['miles', 0, 'Civic', 10, 71],
      ['miles', 1, 'RAV4', 20, 160],
      ['miles', 1, 'RAV4', 30, 240],
      ['mileage-adjustment', 0, 'Civic', 5, 36],
    ]);
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

  it('rounds each line once to whole cents, within half a cent of the exact amount (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 0, max: 75_000 }).map((tenths) => tenths / 10),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 10, max: 400 }), { minLength: 4, maxLength: 4 }),
        (miles, mills) => {
          const vehicles = miles.map((_m, i) => ({ ...civic, vehicleIndex: i, perMileRateMills: mills[i] }));
          const lines = statementLines({ schedule, index: 2, baseRateCents: 4321, vehicles, billableMiles: miles });
          for (const line of lines) expect(Number.isInteger(line.amountCents)).toBe(true);
          lines
            .filter((l) => l.kind === 'miles')
            .forEach((line, i) => expect(Math.abs(line.amountCents - (miles[i] * mills[i]) / 10)).toBeLessThanOrEqual(0.5 + 1e-9));
        },
      ),
    );
  });

  it('a policy cancelled on any day keeps the base rate of the days used and gives back the rest, to the day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 * 365 }).map((n) => addDays('2024-01-01', n)),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 2900, max: 40_000 }),
        (effectiveDate, index, dayInPeriod, baseRateCents) => {
          const own = { effectiveDate, billingAnchors: null };
          const period = billingPeriod(own, index);
          const cancellationDate = addDays(period.start, Math.min(dayInPeriod, period.days - 1));
          const lines = statementLines({
            schedule: own,
            index,
            baseRateCents,
            vehicles: [{ ...civic, perMileRateMills: 70 }],
            billableMiles: [0],
            cancellationDate,
          });
          const credit = lines.find((l) => l.kind === 'base-rate-credit')?.amountCents ?? 0;
          const used = daysInclusive(period.start, cancellationDate);
          // What is kept is the base rate of the days covered, to within rounding.
          expect(Math.abs(baseRateCents + credit - (baseRateCents * used) / period.days)).toBeLessThanOrEqual(0.5);
          expect(credit).toBeLessThanOrEqual(0);
          expect(lines.some((l) => l.kind === 'base-rate')).toBe(false);
          expect(lines[0].to).toBe(cancellationDate);
        },
      ),
    );
  });
});
