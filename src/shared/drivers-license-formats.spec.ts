import { LICENSE_FORMATS, licenseNumberProblem, maskLicenseNumber, normalizeLicenseNumber } from './drivers-license-formats';
import { LAUNCH_STATES, US_STATES, type UsState } from './us-states';

describe('Driver license formats', () => {
  it('has a format for each of the 50 states and DC, whose example fits it', () => {
    expect(Object.keys(LICENSE_FORMATS).sort()).toEqual([...US_STATES].sort());
    for (const state of US_STATES) expect([state, licenseNumberProblem(state, LICENSE_FORMATS[state].example)]).toEqual([state, undefined]);
  });

  // The states we sell in: numbers as printed on their cards, and the mistakes people make.
  const SAMPLES: Partial<Record<UsState, { valid: string[]; invalid: string[] }>> = {
    AZ: { valid: ['D12345678', 'd12345678', '123456789', 'B 1234 5678'], invalid: ['12345678', 'D1234567', 'DD1234567', 'D123456789', '1234567890'] },
    IL: { valid: ['S12345678901', 'S123-4567-8901', 's123 4567 8901'], invalid: ['12345678901', 'S1234567890', 'S123456789012', 'SS1234567890'] },
    OR: { valid: ['1234567', '123456789', '1', 'A123456', 'AB12345'], invalid: ['1234567890', 'A1234567', 'ABC1234', '12345A'] },
    PA: { valid: ['12345678', '12 345 678'], invalid: ['1234567', '123456789', 'A1234567'] },
    TX: { valid: ['12345678', '1234567'], invalid: ['123456', '123456789', 'A1234567', 'TX12345678'] },
  };

  it.each(LAUNCH_STATES.map((state) => [state, SAMPLES[state]!] as const))('%s takes its own numbers and refuses others', (state, { valid, invalid }) => {
    for (const number of valid) expect([number, licenseNumberProblem(state, number)]).toEqual([number, undefined]);
    for (const number of invalid) expect([number, licenseNumberProblem(state, number)]).toEqual([number, 'invalid']);
  });

  it("refuses one selling state's number for another where their shapes differ", () => {
    expect(licenseNumberProblem('PA', 'S12345678901')).toBe('invalid');
    expect(licenseNumberProblem('IL', '12345678')).toBe('invalid');
    expect(licenseNumberProblem('AZ', '12345678')).toBe('invalid');
  });

  it('knows the other states by the usual shapes', () => {
    expect(licenseNumberProblem('CA', 'A1234567')).toBeUndefined();
    expect(licenseNumberProblem('CA', '12345678')).toBe('invalid');
    expect(licenseNumberProblem('FL', 'G123-456-78-901-2')).toBeUndefined();
    expect(licenseNumberProblem('NH', '12ABC34567')).toBeUndefined();
    expect(licenseNumberProblem('WA', 'WDLABCD1234E')).toBeUndefined();
    expect(licenseNumberProblem('WA', 'WDLABCD1234')).toBe('invalid');
    expect(licenseNumberProblem('NY', '123 456 789')).toBeUndefined();
  });

  it('asks for a number, a US state, and a number of sane length', () => {
    expect(licenseNumberProblem('AZ', '')).toBe('required');
    expect(licenseNumberProblem('AZ', ' - ')).toBe('required');
    expect(licenseNumberProblem('AZ', undefined)).toBe('required');
    expect(licenseNumberProblem('AZ', '1'.repeat(21))).toBe('tooLong');
    expect(licenseNumberProblem('XX', '12345678')).toBe('invalid');
  });

  it('stores numbers in capitals without the grouping of the card', () => {
    expect(normalizeLicenseNumber('s123-4567 8901')).toBe('S12345678901');
  });

  it('masks all but the last 4 characters, and at least half of a short number', () => {
    expect(maskLicenseNumber('S12345678901')).toBe('••••8901');
    expect(maskLicenseNumber('D12345678')).toBe('••••5678');
    expect(maskLicenseNumber('123456')).toBe('••••456');
    expect(maskLicenseNumber('1')).toBe('••••');
    expect(maskLicenseNumber('S12345678901')).not.toContain('1234567');
  });
});
