import { RATE_TABLE_2026_11_25B } from './2026-11-25b';
import type { RateTable } from '../rating-types';

const PREVIOUS = RATE_TABLE_2026_11_25B;

/**
 * Rate table 2026-11-25c. NEVER EDIT THIS FILE (see 2026-11-01.ts). Effective the same day as
 * 2026-11-25b, which it replaces (the later version wins on the same date): the same rates, and
 * Illinois (215 ILCS 5/143a-2(1)) and Oregon (ORS 742.502(2)) ask for the named insured's written
 * request before uninsured motorist limits below the bodily injury liability limits are sold.
 * The question is asked only while the limit is below (`questionsAsked`); it changes no price.
 */
export const RATE_TABLE_2026_11_25C: RateTable = {
  ...PREVIOUS,
  version: '2026-11-25c',
  effectiveFrom: '2026-11-25',
  states: {
    ...PREVIOUS.states,
    IL: { ...PREVIOUS.states.IL, choices: [...(PREVIOUS.states.IL.choices ?? []), 'uninsuredMotoristLowerLimits'] },
    OR: { ...PREVIOUS.states.OR, choices: [...(PREVIOUS.states.OR.choices ?? []), 'uninsuredMotoristLowerLimits'] },
  },
};
