import { checkVin, vinCheckDigit } from './vin';

const TODAY = new Date('2026-11-22T12:00:00Z');

describe(checkVin.name, () => {
  it.each([
    ['1HGCM82633A004352', 2003, 'Honda'],
    ['5YJ3E1EA2KF317000', 2019, 'Tesla'],
    ['1G1ZT53826F109149', 2006, 'Chevrolet'],
    ['3VWFE21C04M000001', 2004, 'Volkswagen'],
    ['1m8gdm9axkp042788', 1989, undefined],
  ])('reads %s as a %i %s', (vin, year, make) => {
    const sut = checkVin(vin, TODAY);
    expect(sut).toEqual({ ok: true, vin: vin.toUpperCase(), modelYear: year, wmi: vin.slice(0, 3).toUpperCase(), ...(make ? { make } : {}) });
  });

  it('takes the check digit X for a remainder of 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it.each([
    ['1HGCM82643A004352', 'check-digit'],
    ['1HGCM82633A00435', 'length'],
    ['1HGCM82633A0043521', 'length'],
    ['1HGCM8263OA004352', 'characters'],
    ['1HGCM82633I004352', 'characters'],
    ['1HGCM82633A00435!', 'characters'],
  ])('refuses %s (%s)', (vin, reason) => {
    expect(checkVin(vin, TODAY)).toEqual({ ok: false, reason });
  });

  it('refuses a model year later than next year', () => {
    // Position 7 a letter and year code Y: 2030.
    const base = '5YJ3E1EA?YF317000';
    const vin = base.replace('?', vinCheckDigit(base.replace('?', '0')));
    expect(checkVin(vin, TODAY)).toEqual({ ok: false, reason: 'year' });
    expect(checkVin(vin, new Date('2029-06-01'))).toMatchObject({ ok: true, modelYear: 2030 });
  });
});
