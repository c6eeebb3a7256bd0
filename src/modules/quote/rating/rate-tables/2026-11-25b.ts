import { RATE_TABLE_2026_11_25 } from './2026-11-25';
import type { RateTable } from '../rating-types';

const PREVIOUS = RATE_TABLE_2026_11_25;

/**
 * Rate table 2026-11-25b. NEVER EDIT THIS FILE (see 2026-11-01.ts). Effective the same day as
 * 2026-11-25, which it replaces (the later version wins on the same date): the same rates, and
 * Pennsylvania also asks for the tort option (75 Pa.C.S. § 1705: limited or full tort, chosen in
 * writing) and for uninsured motorist stacking (§ 1738: stacked limits unless waived in writing).
 * Neither answer changes the price yet (docs/pricing.md, "Where each state's rules come from").
 */
export const RATE_TABLE_2026_11_25B: RateTable = {
  ...PREVIOUS,
  version: '2026-11-25b',
  effectiveFrom: '2026-11-25',
  states: {
    ...PREVIOUS.states,
    PA: { ...PREVIOUS.states.PA, choices: ['uninsuredMotorist', 'uninsuredMotoristStacking', 'tortOption'] },
  },
};
