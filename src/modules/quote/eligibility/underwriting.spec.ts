import { declineReason, UNDERWRITING_LIMITS } from './underwriting';

const DAY = '2026-11-22';
const incidents = (type: 'accidents' | 'claims' | 'violations', count: number, date = '2026-03-01') => Array.from({ length: count }, () => ({ type, date }));

describe(declineReason.name, () => {
  it('quotes drivers up to the limits', () => {
    expect(declineReason([{ incidents: [] }], DAY)).toBeUndefined();
    expect(declineReason([{ incidents: [...incidents('accidents', 2), ...incidents('violations', 2)] }], DAY)).toBeUndefined();
    expect(UNDERWRITING_LIMITS).toEqual({ accidents: 2, incidents: 4 });
  });

  it('declines a third accident in three years', () => {
    expect(declineReason([{ incidents: [] }, { incidents: incidents('accidents', 3) }], DAY)).toBe('too-many-accidents');
  });

  it('declines a fifth incident of any kind in three years', () => {
    expect(declineReason([{ incidents: [...incidents('claims', 3), ...incidents('violations', 2)] }], DAY)).toBe('too-many-incidents');
  });

  it('counts only the three years before the rating date, as the rating does', () => {
    const old = incidents('accidents', 3, '2023-11-21');
    const later = incidents('accidents', 3, '2026-11-23');
    expect(declineReason([{ incidents: [...old, ...later] }], DAY)).toBeUndefined();
    expect(declineReason([{ incidents: incidents('accidents', 3, '2023-11-22') }], DAY)).toBe('too-many-accidents');
  });

  it('counts each driver on their own', () => {
    expect(declineReason([{ incidents: incidents('accidents', 2) }, { incidents: incidents('accidents', 2) }], DAY)).toBeUndefined();
  });
});
