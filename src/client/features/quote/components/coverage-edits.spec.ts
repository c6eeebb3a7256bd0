import { answerChoice, setComprehensive } from './coverage-edits';
import type { Coverage, StateRules } from '../../../../shared/quote/coverage-model';

const STANDARD: Coverage = {
  liability: '50/100/50',
  comprehensiveDeductible: 1000,
  collisionDeductible: 500,
  uninsuredMotorist: '50/100',
  medicalPayments: null,
  personalInjuryProtection: 2500,
  rental: null,
  roadside: true,
  choices: {},
};
const TEXAS: StateRules = {
  state: 'TX',
  minimumLiability: '30/60/25',
  requiredUninsuredMotorist: null,
  lowestUninsuredMotorist: '30/60',
  requiredMedicalPayments: null,
  personalInjuryProtection: { minimum: 2500, required: false },
  choices: ['uninsuredMotorist', 'personalInjuryProtection'],
};

describe(setComprehensive.name, () => {
  it('takes collision away with comprehensive and gives the same collision back with it', () => {
    const removed = setComprehensive(STANDARD, null, {});
    expect(removed.coverage).toMatchObject({ comprehensiveDeductible: null, collisionDeductible: null });
    expect(removed.remembered.collisionDeductible).toBe(500);
    const back = setComprehensive(removed.coverage, 250, removed.remembered);
    expect(back.coverage).toMatchObject({ comprehensiveDeductible: 250, collisionDeductible: 500 });
    expect(back.remembered.collisionDeductible).toBeUndefined();
  });

  it('brings back no collision when there was none, and leaves collision alone when comprehensive only changes', () => {
    const removed = setComprehensive({ ...STANDARD, collisionDeductible: null }, null, {});
    expect(setComprehensive(removed.coverage, 1000, removed.remembered).coverage.collisionDeductible).toBeNull();
    expect(setComprehensive(STANDARD, 2000, {}).coverage).toMatchObject({ comprehensiveDeductible: 2000, collisionDeductible: 500 });
  });
});

describe(answerChoice.name, () => {
  it('records the answer; reject leaves the coverage out and select brings back the limit it had', () => {
    const rejected = answerChoice(STANDARD, 'uninsuredMotorist', 'reject', TEXAS, {});
    expect(rejected.coverage).toMatchObject({ uninsuredMotorist: null, choices: { uninsuredMotorist: 'reject' } });
    const selected = answerChoice(rejected.coverage, 'uninsuredMotorist', 'select', TEXAS, rejected.remembered);
    expect(selected.coverage).toMatchObject({ uninsuredMotorist: '50/100', choices: { uninsuredMotorist: 'select' } });
  });

  it('selects the lowest limit the state allows when the coverage had none', () => {
    const bare = { ...STANDARD, uninsuredMotorist: null, personalInjuryProtection: null };
    expect(answerChoice(bare, 'uninsuredMotorist', 'select', TEXAS, {}).coverage.uninsuredMotorist).toBe('30/60');
    expect(answerChoice(bare, 'personalInjuryProtection', 'select', TEXAS, {}).coverage.personalInjuryProtection).toBe(2500);
  });
});
