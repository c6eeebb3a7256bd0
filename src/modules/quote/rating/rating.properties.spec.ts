import fc from 'fast-check';
import { PRIOR_INSURANCE } from '../../../shared/quote/quote-model';
import { billForPeriod, DAILY_CAP_MILES } from './billing';
import { rate } from './rating';
import { RATE_TABLE_2026_11_01 as TABLE } from './rate-tables/2026-11-01';
import {
  BODY_TYPES,
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type Coverage,
  type RatedPrice,
  type RatingDriver,
  type RatingInput,
} from './rating-types';

const RATING_DATE = '2026-11-22';
// One ZIP in each territory class of each state we sell in.
const ZIPS = ['85004', '85210', '85635', '60601', '60010', '61801', '97201', '97301', '97501', '19103', '19003', '16801', '78701', '75001', '79101'];

const day = fc.integer({ min: 0, max: 3 * 365 - 2 }).map((back) => new Date(Date.parse(`${RATING_DATE}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
const incident = fc.record({ type: fc.constantFrom('accidents' as const, 'claims' as const, 'violations' as const), date: day });
const driver: fc.Arbitrary<RatingDriver> = fc
  .record({ age: fc.integer({ min: 16, max: 95 }), licensed: fc.integer({ min: 0, max: 79 }), incidents: fc.array(incident, { maxLength: 4 }) })
  .map(({ age, licensed, incidents }) => ({
    birthDate: `${2026 - age - 1}-06-15`,
    yearsLicensed: Math.min(licensed, age - 15),
    incidents,
  }));
const maybe = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: null });
const coverage: fc.Arbitrary<Coverage> = fc
  .record({
    liability: fc.constantFrom(...LIABILITY_LIMITS),
    comprehensiveDeductible: maybe(DEDUCTIBLES),
    collisionDeductible: maybe(DEDUCTIBLES),
    uninsuredMotorist: fc.constantFrom(...UNINSURED_MOTORIST_LIMITS),
    medicalPayments: fc.constantFrom(10000 as const),
    rental: maybe(RENTAL_LIMITS),
    roadside: fc.boolean(),
  })
  // Collision needs comprehensive; every state's compulsory coverage is met.
  .map((c) => ({ ...c, collisionDeductible: c.comprehensiveDeductible === null ? null : c.collisionDeductible }));
const input: fc.Arbitrary<RatingInput> = fc.record({
  ratingDate: fc.constant(RATING_DATE),
  zip: fc.constantFrom(...ZIPS),
  drivers: fc.array(driver, { minLength: 1, maxLength: 4 }),
  vehicle: fc.record({ modelYear: fc.integer({ min: 2002, max: 2027 }), bodyType: fc.constantFrom(...BODY_TYPES) }),
  priorInsurance: fc.constantFrom(...PRIOR_INSURANCE),
  coverage,
});

const price = (i: RatingInput): RatedPrice => rate(TABLE, i);
const notLower = (after: RatedPrice, before: RatedPrice) => after.baseRateCents >= before.baseRateCents && after.perMileRateMills >= before.perMileRateMills;

/** Replaces one coverage option by another of its list. */
function withIndex<T>(list: readonly T[], index: number): T {
  return list[Math.min(index, list.length - 1)];
}

describe('Rating engine properties', () => {
  it('gives a positive, finite, whole price whose breakdown adds up, and the same price for the same input', () => {
    fc.assert(
      fc.property(input, (i) => {
        const a = price(i);
        const b = price(structuredClone(i));
        expect(b).toEqual(a);
        for (const value of [a.baseRateCents, a.perMileRateMills]) expect(Number.isInteger(value) && value > 0 && Number.isFinite(value)).toBe(true);
        expect(a.breakdown.reduce((s, l) => s + l.base, 0)).toBe(a.baseRateCents);
        expect(a.breakdown.reduce((s, l) => s + l.perMile, 0)).toBe(a.perMileRateMills);
      }),
    );
  });

  it('never lowers a price for more incidents', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 3 }), incident, (i, who, extra) => {
        const index = who % i.drivers.length;
        const more = { ...i, drivers: i.drivers.map((d, n) => (n === index ? { ...d, incidents: [...d.incidents, extra] } : d)) };
        return notLower(price(more), price(i));
      }),
    );
  });

  it('never lowers a price for another driver', () => {
    fc.assert(fc.property(input, driver, (i, extra) => notLower(price({ ...i, drivers: [...i.drivers, extra] }), price(i))));
  });

  it('never raises a price for a higher deductible, and counts no coverage as the highest', () => {
    const ladder = [null, ...DEDUCTIBLES];
    fc.assert(
      fc.property(input, fc.constantFrom('comprehensiveDeductible' as const, 'collisionDeductible' as const), fc.nat({ max: 4 }), (i, key, step) => {
        const from = ladder.indexOf(i.coverage[key]);
        if (from <= 0) return true;
        const higher = ladder[Math.max(0, from - 1 - (step % from))];
        let coverage = { ...i.coverage, [key]: higher };
        // Dropping comprehensive drops collision with it (collision needs comprehensive).
        if (key === 'comprehensiveDeductible' && higher === null) coverage = { ...coverage, collisionDeductible: null };
        return notLower(price(i), price({ ...i, coverage }));
      }),
    );
  });

  it('never lowers a price for higher limits or added coverage', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 4 }), (i, step) => {
        const c = i.coverage;
        const up = (list: readonly unknown[], value: unknown) => withIndex(list, list.indexOf(value) + 1 + step);
        const richer: Coverage = {
          ...c,
          liability: up(LIABILITY_LIMITS, c.liability) as Coverage['liability'],
          uninsuredMotorist: up(UNINSURED_MOTORIST_LIMITS, c.uninsuredMotorist) as Coverage['uninsuredMotorist'],
          medicalPayments: c.medicalPayments,
          rental: c.rental === null ? RENTAL_LIMITS[0] : (up(RENTAL_LIMITS, c.rental) as Coverage['rental']),
          roadside: true,
        };
        return notLower(price({ ...i, coverage: richer }), price(i));
      }),
    );
  });

  it('never lowers the medical payments price for a higher limit', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 3 }), fc.nat({ max: 3 }), (i, a, b) => {
        const [low, high] = [Math.min(a, b), Math.max(a, b)];
        // Arizona and Texas require no medical payments coverage, so any limit may be sold there.
        const zip = '85004';
        const at = (n: number) => price({ ...i, zip, coverage: { ...i.coverage, medicalPayments: MEDICAL_PAYMENTS_LIMITS[n] } });
        return notLower(at(high), at(low));
      }),
    );
  });

  it('never lowers a bill as miles rise, and never bills a day beyond the cap', () => {
    const miles = fc.array(fc.integer({ min: 0, max: 6000 }).map((t) => t / 10), { maxLength: 31 });
    fc.assert(
      fc.property(input, miles, fc.nat({ max: 30 }), fc.integer({ min: 1, max: 5000 }), (i, days, at, added) => {
        const p = price(i);
        const before = billForPeriod(p, days);
        const more = days.length ? days.map((d, n) => (n === at % days.length ? d + added / 10 : d)) : [added / 10];
        const after = billForPeriod(p, more);
        expect(after.totalCents).toBeGreaterThanOrEqual(before.totalCents);
        expect(before.billableMiles).toBeLessThanOrEqual(days.length * DAILY_CAP_MILES);
        const capped = billForPeriod(p, days.map((d) => Math.min(d, DAILY_CAP_MILES)));
        expect(capped).toEqual(before);
      }),
    );
  });
});
