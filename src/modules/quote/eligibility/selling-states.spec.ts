import { RATE_TABLE_2026_11_01 } from '../rating/rate-tables/2026-11-01';
import { SELLING_STATES } from './selling-states';

describe('SELLING_STATES', () => {
  it('are the launch states of DESIGN.md, each rated by the first rate table', () => {
    expect([...SELLING_STATES]).toEqual(['AZ', 'IL', 'OR', 'PA', 'TX']);
    for (const state of SELLING_STATES) expect(Object.keys(RATE_TABLE_2026_11_01.states)).toContain(state);
  });
});
