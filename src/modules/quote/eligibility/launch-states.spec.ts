import { LAUNCH_STATES } from '../../../shared/us-states';
import { RATE_TABLE_2026_11_01 } from '../rating/rate-tables/2026-11-01';

describe('The launch states', () => {
  it('are those of DESIGN.md, each rated by the first rate table', () => {
    expect([...LAUNCH_STATES]).toEqual(['AZ', 'IL', 'OR', 'PA', 'TX']);
    for (const state of LAUNCH_STATES) expect(Object.keys(RATE_TABLE_2026_11_01.states)).toContain(state);
  });
});
