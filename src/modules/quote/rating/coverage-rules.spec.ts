import { choiceProblems, questionsAsked, uninsuredBelowLiability, type Coverage } from '../../../shared/quote/coverage-model';
import { COVERAGE_PACKAGES } from '../../../shared/quote/quote-model';
import { coverageProblem, meetsStateRequirements, packageCoverage, stateMinimumLiability, stateRulesOf } from './coverage-rules';
import { RATE_TABLE_2026_11_01 as FIRST } from './rate-tables/2026-11-01';
import { RATE_TABLE_2026_11_25 as TABLE } from './rate-tables/2026-11-25';
import { RATE_TABLE_2026_11_25B } from './rate-tables/2026-11-25b';
import { RATE_TABLE_2026_11_25C } from './rate-tables/2026-11-25c';
import { rate } from './rating';

const STATES = Object.keys(TABLE.states);
const rules = (state: string) => stateRulesOf(state, TABLE.states[state]);
const problem = (state: string, coverage: Coverage) => coverageProblem(TABLE.states[state], coverage)?.code;
/** Nothing but liability at the state minimum. */
const BARE: Coverage = {
  liability: 'state-minimum',
  comprehensiveDeductible: null,
  collisionDeductible: null,
  uninsuredMotorist: null,
  medicalPayments: null,
  personalInjuryProtection: null,
  rental: null,
  roadside: false,
};

describe(stateMinimumLiability.name, () => {
  it.each([
    ['AZ', '25/50/15'],
    ['IL', '25/50/20'],
    ['OR', '25/50/20'],
    ['PA', '15/30/5'],
    ['TX', '30/60/25'],
  ])('gives %s its statutory minimum, %s', (state, limits) => {
    expect(stateMinimumLiability(TABLE, state)).toBe(limits);
    expect(stateMinimumLiability(FIRST, state)).toBe(limits);
  });

  it('knows nothing of a state the table does not rate', () => {
    expect(stateMinimumLiability(TABLE, 'NY')).toBeUndefined();
    expect(stateMinimumLiability(TABLE, 'constructor')).toBeUndefined();
  });
});

describe('The state rules of table 2026-11-25 (docs/pricing.md, "Where each state\'s rules come from")', () => {
  it.each([
    // state, compulsory uninsured motorist, lowest uninsured motorist, compulsory medical payments, PIP, select/reject questions
    ['AZ', null, '25/50', null, null, ['uninsuredMotorist']],
    ['IL', '25/50', '25/50', null, null, []],
    ['OR', '25/50', '25/50', null, { minimum: 15000, required: true }, []],
    ['PA', null, '25/50', 5000, null, ['uninsuredMotorist']],
    ['TX', null, '30/60', null, { minimum: 2500, required: false }, ['uninsuredMotorist', 'personalInjuryProtection']],
  ])('%s: uninsured motorist %s (lowest %s), medical payments %s, PIP %j, asks %j', (state, um, lowest, med, pip, choices) => {
    expect(rules(state)).toEqual({
      state,
      minimumLiability: TABLE.states[state].minimumLiability,
      requiredUninsuredMotorist: um,
      lowestUninsuredMotorist: lowest,
      requiredMedicalPayments: med,
      personalInjuryProtection: pip,
      choices,
    });
  });

  it("requires Oregon's personal injury protection of $15,000, which medical payments do not stand in for", () => {
    const withUm = { ...BARE, uninsuredMotorist: '25/50' } as const;
    // What table 2026-11-01 sold in Oregon: $10,000 of medical payments, no PIP.
    expect(problem('OR', { ...withUm, medicalPayments: 10000 })).toBe('BELOW_STATE_MINIMUM');
    expect(problem('OR', { ...withUm, personalInjuryProtection: 10000 })).toBe('BELOW_STATE_MINIMUM');
    expect(problem('OR', { ...withUm, personalInjuryProtection: 15000 })).toBeUndefined();
    expect(problem('OR', { ...withUm, personalInjuryProtection: 25000, medicalPayments: 5000 })).toBeUndefined();
    expect(problem('OR', { ...BARE, personalInjuryProtection: 15000 })).toBe('BELOW_STATE_MINIMUM');
  });

  it('requires uninsured motorist cover in Illinois and Oregon, and lets Arizona, Pennsylvania and Texas go without it', () => {
    for (const state of ['IL', 'OR']) expect(problem(state, { ...BARE, personalInjuryProtection: state === 'OR' ? 15000 : null })).toBe('BELOW_STATE_MINIMUM');
    for (const state of ['AZ', 'TX']) expect(problem(state, BARE)).toBeUndefined();
    expect(problem('PA', { ...BARE, medicalPayments: 5000 })).toBeUndefined();
  });

  it("sells no uninsured motorist cover below Texas' own 30/60 minimum", () => {
    expect(problem('TX', { ...BARE, uninsuredMotorist: '25/50' })).toBe('BELOW_STATE_MINIMUM');
    expect(problem('TX', { ...BARE, uninsuredMotorist: '30/60' })).toBeUndefined();
    expect(problem('AZ', { ...BARE, uninsuredMotorist: '25/50' })).toBeUndefined();
  });

  it('lets Texas reject PIP, but not buy less than $2,500 of it', () => {
    expect(problem('TX', BARE)).toBeUndefined();
    expect(problem('TX', { ...BARE, personalInjuryProtection: 2500 })).toBeUndefined();
  });

  it('sells PIP only where the state has it', () => {
    for (const state of ['AZ', 'IL', 'PA'])
      expect(problem(state, { ...packageCoverage(TABLE.states[state], 'liability'), personalInjuryProtection: 2500 })).toBe('NOT_OFFERED_IN_STATE');
  });

  it("requires Pennsylvania's $5,000 of first-party medical benefits", () => {
    expect(problem('PA', BARE)).toBe('BELOW_STATE_MINIMUM');
    expect(problem('PA', { ...BARE, medicalPayments: 2500 })).toBe('BELOW_STATE_MINIMUM');
    expect(problem('PA', { ...BARE, medicalPayments: 10000 })).toBeUndefined();
  });

  it('reads a table from before the rules as asking nothing more (quotes priced on it keep their version)', () => {
    expect(stateRulesOf('OR', FIRST.states.OR)).toMatchObject({
      lowestUninsuredMotorist: '25/50',
      personalInjuryProtection: null,
      choices: [],
      requiredMedicalPayments: 10000,
    });
  });
});

describe(choiceProblems.name, () => {
  const texas = rules('TX');

  it('names each select/reject question not yet answered', () => {
    expect(choiceProblems(texas, BARE)).toEqual({ unanswered: ['uninsuredMotorist', 'personalInjuryProtection'], conflicting: [] });
    expect(choiceProblems(texas, { ...BARE, choices: { uninsuredMotorist: 'reject' } }).unanswered).toEqual(['personalInjuryProtection']);
    expect(choiceProblems(rules('IL'), BARE)).toEqual({ unanswered: [], conflicting: [] });
  });

  it('finds an answer that contradicts the coverage: selected but left out, or rejected but bought', () => {
    expect(choiceProblems(texas, { ...BARE, choices: { uninsuredMotorist: 'select', personalInjuryProtection: 'reject' } }).conflicting).toEqual([
      'uninsuredMotorist',
    ]);
    expect(
      choiceProblems(texas, { ...BARE, personalInjuryProtection: 2500, choices: { uninsuredMotorist: 'reject', personalInjuryProtection: 'reject' } })
        .conflicting,
    ).toEqual(['personalInjuryProtection']);
    expect(
      choiceProblems(texas, {
        ...BARE,
        uninsuredMotorist: '30/60',
        personalInjuryProtection: 2500,
        choices: { uninsuredMotorist: 'select', personalInjuryProtection: 'select' },
      }),
    ).toEqual({ unanswered: [], conflicting: [] });
  });
});

describe("Pennsylvania's tort option and stacking (table 2026-11-25b; 75 Pa.C.S. §§ 1705, 1738)", () => {
  const rulesB = (state: string) => stateRulesOf(state, RATE_TABLE_2026_11_25B.states[state]);
  const answeredUm: Coverage = { ...BARE, medicalPayments: 5000, choices: { uninsuredMotorist: 'reject' } };

  it('requires both answers in Pennsylvania, besides uninsured motorist, whatever the coverage', () => {
    expect(rulesB('PA').choices).toEqual(['uninsuredMotorist', 'uninsuredMotoristStacking', 'tortOption']);
    expect(choiceProblems(rulesB('PA'), answeredUm)).toEqual({ unanswered: ['uninsuredMotoristStacking', 'tortOption'], conflicting: [] });
    expect(choiceProblems(rulesB('PA'), { ...answeredUm, choices: { uninsuredMotorist: 'reject', tortOption: 'limited' } }).unanswered).toEqual([
      'uninsuredMotoristStacking',
    ]);
    const answered = {
      ...answeredUm,
      choices: { uninsuredMotorist: 'reject' as const, tortOption: 'full' as const, uninsuredMotoristStacking: 'unstacked' as const },
    };
    expect(choiceProblems(rulesB('PA'), answered)).toEqual({ unanswered: [], conflicting: [] });
  });

  it('asks them nowhere else, and changes nothing else of table 2026-11-25', () => {
    for (const state of ['AZ', 'IL', 'OR', 'TX']) {
      expect(rulesB(state)).toEqual(rules(state));
      expect(rulesB(state).choices).not.toContain('tortOption');
      expect(rulesB(state).choices).not.toContain('uninsuredMotoristStacking');
    }
    const { version, states, ...rates } = RATE_TABLE_2026_11_25B;
    const { version: _v, states: _s, ...before } = TABLE;
    expect(rates).toEqual(before);
    expect(version).toBe('2026-11-25b');
    expect({ ...states.PA, choices: TABLE.states.PA.choices }).toEqual(TABLE.states.PA);
  });
});

describe('the written request for lower uninsured motorist limits (table 2026-11-25c; 215 ILCS 5/143a-2(1), ORS 742.502(2))', () => {
  const rulesC = (state: string) => stateRulesOf(state, RATE_TABLE_2026_11_25C.states[state]);
  const REQUEST = 'uninsuredMotoristLowerLimits';
  const lower: Coverage = { ...BARE, liability: '100/300/100', uninsuredMotorist: '25/50', personalInjuryProtection: 15000 };

  it("compares the uninsured motorist limit with the bodily injury part of liability, the state minimum read as the state's", () => {
    const illinois = rulesC('IL');
    expect(uninsuredBelowLiability(illinois, lower)).toBe(true);
    expect(uninsuredBelowLiability(illinois, { ...lower, uninsuredMotorist: '100/300' })).toBe(false);
    expect(uninsuredBelowLiability(illinois, { ...lower, liability: '250/500/250', uninsuredMotorist: '100/300' })).toBe(true);
    expect(uninsuredBelowLiability(illinois, { ...lower, liability: 'state-minimum' })).toBe(false);
    expect(uninsuredBelowLiability(illinois, { ...lower, liability: '50/100/50', uninsuredMotorist: '30/60' })).toBe(true);
    expect(uninsuredBelowLiability(illinois, { ...lower, uninsuredMotorist: null })).toBe(false);
  });

  it.each(['IL', 'OR'])('is required in %s only while uninsured motorist is below liability', (state) => {
    const rules = rulesC(state);
    expect(rules.choices).toContain(REQUEST);
    expect(choiceProblems(rules, lower)).toEqual({ unanswered: [REQUEST], conflicting: [] });
    expect(choiceProblems(rules, { ...lower, choices: { [REQUEST]: 'requested' } })).toEqual({ unanswered: [], conflicting: [] });
    expect(questionsAsked(rules, { ...lower, uninsuredMotorist: '100/300' })).not.toContain(REQUEST);
    expect(choiceProblems(rules, { ...lower, liability: 'state-minimum' }).unanswered).toEqual([]);
    expect(choiceProblems(rules, { ...lower, liability: '250/500/250', uninsuredMotorist: '100/300' }).unanswered).toEqual([REQUEST]);
  });

  it('is never asked in the other states, whatever the limits', () => {
    for (const state of ['AZ', 'PA', 'TX']) {
      expect(rulesC(state).choices).not.toContain(REQUEST);
      expect(questionsAsked(rulesC(state), { ...lower, uninsuredMotorist: '30/60' })).not.toContain(REQUEST);
    }
  });

  it('changes nothing else of table 2026-11-25b, and no package asks it', () => {
    const { version, states, ...rates } = RATE_TABLE_2026_11_25C;
    const { version: _v, states: beforeStates, ...before } = RATE_TABLE_2026_11_25B;
    expect(rates).toEqual(before);
    expect(version).toBe('2026-11-25c');
    for (const state of Object.keys(states)) {
      expect({ ...states[state], choices: (states[state].choices ?? []).filter((key) => key !== REQUEST) }).toEqual(beforeStates[state]);
      for (const pkg of COVERAGE_PACKAGES) expect(questionsAsked(rulesC(state), packageCoverage(states[state], pkg))).not.toContain(REQUEST);
    }
  });
});

describe(packageCoverage.name, () => {
  it.each(STATES)('starts every package in %s from coverage the state allows, its questions unanswered', (state) => {
    for (const pkg of COVERAGE_PACKAGES) {
      const coverage = packageCoverage(TABLE.states[state], pkg);
      expect(meetsStateRequirements(TABLE.states[state], coverage)).toBe(true);
      expect(coverage.choices).toEqual({});
    }
  });

  it('makes Liability only the state minimum and what the state makes compulsory, nothing else', () => {
    expect(packageCoverage(TABLE.states.AZ, 'liability')).toEqual({ ...BARE, choices: {} });
    expect(packageCoverage(TABLE.states.OR, 'liability')).toMatchObject({ uninsuredMotorist: '25/50', medicalPayments: null, personalInjuryProtection: 15000 });
    expect(packageCoverage(TABLE.states.PA, 'liability')).toMatchObject({ uninsuredMotorist: null, medicalPayments: 5000, personalInjuryProtection: null });
    expect(packageCoverage(TABLE.states.TX, 'liability')).toMatchObject({ uninsuredMotorist: null, personalInjuryProtection: null });
  });

  it('gives Standard and Full coverage their documented contents, never below the state, PIP instead of medical payments where the state has PIP', () => {
    expect(packageCoverage(TABLE.states.AZ, 'standard')).toEqual({
      liability: '50/100/50',
      comprehensiveDeductible: 1000,
      collisionDeductible: 1000,
      uninsuredMotorist: '50/100',
      medicalPayments: 2500,
      personalInjuryProtection: null,
      rental: null,
      roadside: true,
      choices: {},
    });
    expect(packageCoverage(TABLE.states.TX, 'full')).toEqual({
      liability: '100/300/100',
      comprehensiveDeductible: 500,
      collisionDeductible: 500,
      uninsuredMotorist: '100/300',
      medicalPayments: null,
      personalInjuryProtection: 5000,
      rental: '30/900',
      roadside: true,
      choices: {},
    });
    expect(packageCoverage(TABLE.states.TX, 'standard')).toMatchObject({ medicalPayments: null, personalInjuryProtection: 2500 });
    expect(packageCoverage(TABLE.states.OR, 'standard')).toMatchObject({ medicalPayments: null, personalInjuryProtection: 15000 });
    expect(packageCoverage(TABLE.states.OR, 'full')).toMatchObject({ personalInjuryProtection: 15000 });
  });

  it.each(STATES)('prices the packages in %s in order: Liability only ≤ Standard ≤ Full coverage', (state) => {
    const zip = { AZ: '85142', IL: '60010', OR: '97301', PA: '19003', TX: '75001' }[state]!;
    const prices = COVERAGE_PACKAGES.map((pkg) =>
      rate(TABLE, {
        ratingDate: '2026-11-25',
        zip,
        drivers: [{ birthDate: '1986-04-02', yearsLicensed: 20, incidents: [] }],
        vehicle: { modelYear: 2020, bodyType: 'suv' },
        priorInsurance: '1-to-3-years',
        coverage: packageCoverage(TABLE.states[state], pkg),
      }),
    );
    for (let i = 1; i < prices.length; i++) {
      expect(prices[i].baseRateCents).toBeGreaterThan(prices[i - 1].baseRateCents);
      expect(prices[i].perMileRateMills).toBeGreaterThanOrEqual(prices[i - 1].perMileRateMills);
    }
  });

  it("prices Oregon's PIP from the rate table, as a line of its own", () => {
    const price = rate(TABLE, {
      ratingDate: '2026-11-25',
      zip: '97301',
      drivers: [{ birthDate: '1986-04-02', yearsLicensed: 20, incidents: [] }],
      vehicle: { modelYear: 2020, bodyType: 'sedan' },
      priorInsurance: '1-to-3-years',
      coverage: packageCoverage(TABLE.states.OR, 'liability'),
    });
    expect(price.breakdown.map((line) => line.factor)).toEqual(expect.arrayContaining(['uninsured-motorist', 'personal-injury-protection']));
    expect(price.breakdown.find((line) => line.factor === 'personal-injury-protection')).toEqual({
      factor: 'personal-injury-protection',
      base: expect.any(Number),
      perMile: expect.any(Number),
    });
    expect(price.breakdown.find((line) => line.factor === 'personal-injury-protection')!.perMile).toBeGreaterThan(0);
  });
});

describe(coverageProblem.name, () => {
  const minimum = packageCoverage(TABLE.states.AZ, 'liability');

  it('refuses collision without comprehensive', () => {
    expect(coverageProblem(TABLE.states.AZ, { ...minimum, collisionDeductible: 500 })?.code).toBe('COLLISION_WITHOUT_COMPREHENSIVE');
  });

  it('reads coverage saved before PIP was sold (no field) as without it', () => {
    const { personalInjuryProtection: _pip, ...saved } = { ...minimum, uninsuredMotorist: '25/50' as const };
    expect(coverageProblem(TABLE.states.IL, saved)).toBeUndefined();
    expect(coverageProblem(TABLE.states.OR, saved)?.code).toBe('BELOW_STATE_MINIMUM');
  });
});
