import fc from 'fast-check';
import { DAILY_CAP_MILES } from '../../../shared/miles/billable-miles';
import { MAX_MILES_PER_MONTH, monthlyEstimateCents, PRIOR_INSURANCE } from '../../../shared/quote/quote-model';
import { stateForZip } from '../eligibility/zip-to-state';
import { stateRulesOf } from './coverage-rules';
import { RATE_TABLE_2026_11_25 as TABLE } from './rate-tables/2026-11-25';
import { RATE_TABLE_2026_11_27 as MULTI_CAR_TABLE } from './rate-tables/2026-11-27';
import { rate } from './rating';
import {
  BODY_TYPES,
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  PERSONAL_INJURY_PROTECTION_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type Coverage,
  type RatedPrice,
  type RatingDriver,
  type RatingInput,
} from './rating-types';

const RATING_DATE = '2026-11-22';
// One ZIP in each territory class (urban, suburban, rural) of each state we sell in.
const ZIPS = ['85004', '85210', '85635', '60601', '60010', '61801', '97201', '97301', '97501', '19103', '19003', '16801', '78701', '75001', '79101'];
const FACTOR_KEYS = new Set([
  'base-rate',
  'territory',
  'driver-age',
  'experience',
  'incidents',
  'vehicle-age',
  'body-type',
  'prior-insurance',
  'liability',
  'comprehensive',
  'collision',
  'uninsured-motorist',
  'medical-payments',
  'personal-injury-protection',
  'rental',
  'roadside',
  'multi-car',
  'rate-limits',
]);

/** A day in the look-back (the last three years up to the rating date), or in the rating date's future or far past. */
const day = fc
  .integer({ min: 0, max: 3 * 365 - 2 })
  .map((back) => new Date(Date.parse(`${RATING_DATE}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
const anyDay = fc
  .integer({ min: -400, max: 8 * 365 })
  .map((back) => new Date(Date.parse(`${RATING_DATE}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
const incidentType = fc.constantFrom('accidents' as const, 'claims' as const, 'violations' as const);
const driver: fc.Arbitrary<RatingDriver> = fc
  .record({
    age: fc.integer({ min: 16, max: 100 }),
    birthday: fc.integer({ min: 0, max: 364 }),
    licensed: fc.integer({ min: 0, max: 84 }),
    incidents: fc.array(fc.record({ type: incidentType, date: fc.oneof(day, anyDay) }), { maxLength: 5 }),
  })
  .map(({ age, birthday, licensed, incidents }) => {
    // Born `age` years and `birthday` days before the rating date: exactly `age` on it.
    const born = new Date(Date.UTC(2026 - age, 10, 22) - birthday * 86_400_000).toISOString().slice(0, 10);
    return { birthDate: born, yearsLicensed: Math.min(licensed, age - 16), incidents };
  });

const rulesOf = (zip: string) => {
  const state = stateForZip(zip)!;
  return stateRulesOf(state, TABLE.states[state]);
};

/** Each coverage's options in a state, least cover first: "not covered" first where the state allows it. */
function ladders(zip: string) {
  const rules = rulesOf(zip);
  const from = <T>(list: readonly T[], lowest: T | null | undefined, optional: boolean): readonly (T | null)[] => [
    ...(optional ? [null] : []),
    ...(lowest == null ? list : list.slice(list.indexOf(lowest))),
  ];
  const um = rules.requiredUninsuredMotorist ?? rules.lowestUninsuredMotorist;
  const pip = rules.personalInjuryProtection;
  return {
    liability: LIABILITY_LIMITS,
    uninsuredMotorist: from(UNINSURED_MOTORIST_LIMITS, um, rules.requiredUninsuredMotorist === null),
    medicalPayments: from(MEDICAL_PAYMENTS_LIMITS, rules.requiredMedicalPayments, rules.requiredMedicalPayments === null),
    personalInjuryProtection: pip ? from(PERSONAL_INJURY_PROTECTION_LIMITS, pip.minimum, !pip.required) : [null],
    rental: [null, ...RENTAL_LIMITS],
    roadside: [false, true],
    // A higher deductible is less cover: no coverage counts as the highest deductible of all.
    comprehensiveDeductible: [null, ...DEDUCTIBLES],
    collisionDeductible: [null, ...DEDUCTIBLES],
  } as const;
}
type LadderKey = keyof ReturnType<typeof ladders>;

/** Coverage a state allows: at least what it makes compulsory, and collision only with comprehensive. */
function coverageFor(zip: string): fc.Arbitrary<Coverage> {
  const ladder = ladders(zip);
  return fc
    .record({
      liability: fc.constantFrom(...ladder.liability),
      comprehensiveDeductible: fc.constantFrom(...ladder.comprehensiveDeductible),
      collisionDeductible: fc.constantFrom(...ladder.collisionDeductible),
      uninsuredMotorist: fc.constantFrom(...ladder.uninsuredMotorist),
      medicalPayments: fc.constantFrom(...ladder.medicalPayments),
      personalInjuryProtection: fc.constantFrom(...ladder.personalInjuryProtection),
      rental: fc.constantFrom(...ladder.rental),
      roadside: fc.boolean(),
    })
    .map((c) => ({ ...c, collisionDeductible: c.comprehensiveDeductible === null ? null : c.collisionDeductible }));
}

const input: fc.Arbitrary<RatingInput> = fc.constantFrom(...ZIPS).chain((zip) =>
  fc.record({
    ratingDate: fc.constant(RATING_DATE),
    zip: fc.constant(zip),
    drivers: fc.array(driver, { minLength: 1, maxLength: 4 }),
    vehicle: fc.record({ modelYear: fc.integer({ min: 2002, max: 2027 }), bodyType: fc.constantFrom(...BODY_TYPES) }),
    priorInsurance: fc.constantFrom(...PRIOR_INSURANCE),
    coverage: coverageFor(zip),
  }),
);

const price = (i: RatingInput): RatedPrice => rate(TABLE, i);
const notLower = (after: RatedPrice, before: RatedPrice): boolean =>
  after.baseRateCents >= before.baseRateCents && after.perMileRateMills >= before.perMileRateMills;

/** The coverage with `key` moved `steps` rungs up its ladder (more cover), or undefined at the top. */
function moreCover(zip: string, coverage: Coverage, key: LadderKey, steps: number): Coverage | undefined {
  const ladder = ladders(zip)[key] as readonly unknown[];
  const from = ladder.indexOf(coverage[key] ?? null);
  if (from === ladder.length - 1) return undefined;
  const to = Math.min(ladder.length - 1, from + 1 + steps);
  const next = { ...coverage, [key]: ladder[to] };
  // Collision needs comprehensive: adding collision adds comprehensive with it (at the highest deductible).
  if (key === 'collisionDeductible' && next.comprehensiveDeductible === null) next.comprehensiveDeductible = DEDUCTIBLES[0];
  return next;
}

describe('Rating engine properties', () => {
  it("gives a positive, finite, whole price within the table's bounds, whose breakdown adds up", () => {
    fc.assert(
      fc.property(input, (i) => {
        const sut = price(i);
        for (const value of [sut.baseRateCents, sut.perMileRateMills]) expect(Number.isSafeInteger(value) && value > 0).toBe(true);
        expect(sut.baseRateCents).toBeGreaterThanOrEqual(TABLE.minimumBaseRateCents);
        expect(sut.perMileRateMills).toBeGreaterThanOrEqual(TABLE.minimumPerMileRateMills);
        expect(sut.perMileRateMills).toBeLessThanOrEqual(TABLE.maximumPerMileRateMills);
        expect(sut.breakdown[0]).toEqual({
          factor: 'base-rate',
          base: TABLE.states[sut.state].baseRateCents,
          perMile: TABLE.states[sut.state].perMileRateMills,
        });
        expect(sut.breakdown.every((l) => FACTOR_KEYS.has(l.factor) && Number.isInteger(l.base) && Number.isInteger(l.perMile))).toBe(true);
        expect(sut.breakdown.reduce((s, l) => s + l.base, 0)).toBe(sut.baseRateCents);
        expect(sut.breakdown.reduce((s, l) => s + l.perMile, 0)).toBe(sut.perMileRateMills);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same price, breakdown and all, for the same input', () => {
    fc.assert(
      fc.property(input, (i) => {
        const copy = structuredClone(i);
        expect(price(copy)).toEqual(price(i));
        expect(copy).toEqual(i);
      }),
    );
  });

  it('never lowers a price for one more incident, whatever its date', () => {
    fc.assert(
      fc.property(input, fc.nat(), fc.record({ type: incidentType, date: fc.oneof(day, anyDay) }), (i, who, extra) => {
        const index = who % i.drivers.length;
        const more = { ...i, drivers: i.drivers.map((d, n) => (n === index ? { ...d, incidents: [...d.incidents, extra] } : d)) };
        return notLower(price(more), price(i));
      }),
      { numRuns: 300 },
    );
  });

  it('never lowers a price for another driver', () => {
    fc.assert(
      fc.property(input, driver, fc.nat(), (i, extra, at) => {
        const drivers = [...i.drivers];
        drivers.splice(at % (drivers.length + 1), 0, extra);
        return notLower(price({ ...i, drivers }), price(i));
      }),
    );
  });

  it('never lowers a price for a higher liability limit', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 3 }), (i, steps) => {
        const more = moreCover(i.zip, i.coverage, 'liability', steps);
        return !more || notLower(price({ ...i, coverage: more }), price(i));
      }),
    );
  });

  it.each(['uninsuredMotorist', 'medicalPayments', 'personalInjuryProtection', 'rental'] as const)(
    'never lowers a price for a higher %s limit, or for adding it',
    (key) => {
      fc.assert(
        fc.property(input, fc.nat({ max: 3 }), (i, steps) => {
          const more = moreCover(i.zip, i.coverage, key, steps);
          return !more || notLower(price({ ...i, coverage: more }), price(i));
        }),
      );
    },
  );

  it('never lowers a price for adding roadside assistance', () => {
    fc.assert(fc.property(input, (i) => notLower(price({ ...i, coverage: { ...i.coverage, roadside: true } }), price(i))));
  });

  it.each(['comprehensiveDeductible', 'collisionDeductible'] as const)('never raises a price for a higher %s, no coverage counting as the highest', (key) => {
    fc.assert(
      fc.property(input, fc.nat({ max: 4 }), (i, steps) => {
        const lowerDeductible = moreCover(i.zip, i.coverage, key, steps);
        return !lowerDeductible || notLower(price({ ...i, coverage: lowerDeductible }), price(i));
      }),
    );
  });

  it('never lowers a price for any added or widened coverage at all', () => {
    const keys = Object.keys(ladders('85004')) as LadderKey[];
    fc.assert(
      fc.property(input, fc.array(fc.tuple(fc.constantFrom(...keys), fc.nat({ max: 3 })), { minLength: 1, maxLength: 6 }), (i, moves) => {
        let coverage = i.coverage;
        for (const [key, steps] of moves) coverage = moreCover(i.zip, coverage, key, steps) ?? coverage;
        return notLower(price({ ...i, coverage }), price(i));
      }),
    );
  });

  it('never lowers the monthly estimate as miles rise, and stops rising at 250 miles on each of 30 days', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: MAX_MILES_PER_MONTH }), fc.integer({ min: 0, max: MAX_MILES_PER_MONTH }), (i, a, b) => {
        const p = price(i);
        const [low, high] = [Math.min(a, b), Math.max(a, b)];
        expect(monthlyEstimateCents(p, high)).toBeGreaterThanOrEqual(monthlyEstimateCents(p, low));
        if (low >= DAILY_CAP_MILES * 30) expect(monthlyEstimateCents(p, high)).toBe(monthlyEstimateCents(p, low));
        expect(monthlyEstimateCents(p, 0)).toBe(p.baseRateCents);
      }),
    );
  });
});

describe('Rating engine properties: the multi-car discount (table 2026-11-27)', () => {
  const car = fc.record({ modelYear: fc.integer({ min: 2002, max: 2027 }), bodyType: fc.constantFrom(...BODY_TYPES) });
  /** A policy: one household (drivers, ZIP, coverage) and its cars, each rated knowing how many there are. */
  const policy = fc.tuple(input, fc.array(car, { minLength: 1, maxLength: 4 }));
  const ratePolicy = (i: RatingInput, cars: RatingInput['vehicle'][]) =>
    cars.map((vehicle) => rate(MULTI_CAR_TABLE, { ...i, ratingDate: MULTI_CAR_TABLE.effectiveFrom, vehicle, carsOnPolicy: cars.length }));
  const total = (prices: RatedPrice[], miles: number) => prices.reduce((sum, p) => sum + monthlyEstimateCents(p, miles), 0);

  it('never makes a policy cheaper in total for another car, whatever the miles each car drives', () => {
    fc.assert(
      fc.property(policy, car, fc.nat(), fc.integer({ min: 0, max: MAX_MILES_PER_MONTH }), ([i, cars], extra, at, miles) => {
        const more = [...cars];
        more.splice(at % (cars.length + 1), 0, extra);
        // The car added drives no miles at all: the least it can add.
        const before = total(ratePolicy(i, cars), miles);
        const after = ratePolicy(i, more);
        const added = at % (cars.length + 1);
        return after.reduce((sum, p, n) => sum + monthlyEstimateCents(p, n === added ? 0 : miles), 0) >= before;
      }),
      { numRuns: 300 },
    );
  });

  it("never takes a car's rates below the floors, and shows itself as one line that lowers only the base rate", () => {
    fc.assert(
      fc.property(policy, ([i, cars]) => {
        for (const p of ratePolicy(i, cars)) {
          expect(p.baseRateCents).toBeGreaterThanOrEqual(MULTI_CAR_TABLE.minimumBaseRateCents);
          expect(p.perMileRateMills).toBeGreaterThanOrEqual(MULTI_CAR_TABLE.minimumPerMileRateMills);
          expect(p.perMileRateMills).toBeLessThanOrEqual(MULTI_CAR_TABLE.maximumPerMileRateMills);
          expect(p.breakdown.reduce((s, l) => s + l.base, 0)).toBe(p.baseRateCents);
          const lines = p.breakdown.filter((l) => l.factor === 'multi-car');
          expect(lines).toHaveLength(cars.length >= 2 ? 1 : 0);
          for (const line of lines) expect(line.base < 0 && line.perMile === 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('prices one car alone exactly as table 2026-11-25 did, and a car of several at most at that price', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 2, max: 5 }), (i, cars) => {
        const ratingDate = MULTI_CAR_TABLE.effectiveFrom;
        const { rateVersion: _old, ...before } = rate(TABLE, { ...i, ratingDate });
        const { rateVersion: _new, ...alone } = rate(MULTI_CAR_TABLE, { ...i, ratingDate });
        expect(alone).toEqual(before);
        const shared = rate(MULTI_CAR_TABLE, { ...i, ratingDate, carsOnPolicy: cars });
        expect(shared.baseRateCents).toBeLessThanOrEqual(before.baseRateCents);
        expect(shared.perMileRateMills).toBe(before.perMileRateMills);
      }),
    );
  });
});
