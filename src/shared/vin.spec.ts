import { checkVin, vinCheckDigit, vinDisagreement } from './vin';

const TODAY = new Date('2026-11-22T12:00:00Z');

describe(checkVin.name, () => {
  it.each([
    ['1HGCM82633A004352', 2003, 'Honda'],
    ['5YJ3E1EA2KF317000', 2019, 'Tesla'],
    ['1G1ZT53826F109149', 2006, 'Chevrolet'],
    ['3VWFE21C04M000001', 2004, 'Volkswagen'],
    ['1m8gdm9axkp042788', 1989, undefined],
    ['JH4KA7561PC008269', 1993, 'Acura'],
    // 1C4 is shared by Chrysler, Dodge and Jeep: the make is left to ask.
    ['1C4RJFAG0FC625797', 2015, undefined],
    [' 1hgcm82633a004352 ', 2003, 'Honda'],
  ])('reads %s as a %i %s', (vin, year, make) => {
    const sut = checkVin(vin, TODAY);
    const clean = vin.trim().toUpperCase();
    expect(sut).toEqual({ ok: true, vin: clean, modelYear: year, wmi: clean.slice(0, 3), ...(make ? { make } : {}) });
  });

  it('takes 11111111111111111, whose check digit is its own 1 (the weights add to 89, 89 mod 11 = 1)', () => {
    expect(checkVin('11111111111111111', TODAY)).toEqual({ ok: true, vin: '11111111111111111', modelYear: 2001, wmi: '111' });
  });

  it.each(['1HGCM82633A004352', '5YJ3E1EA2KF317000', 'JH4KA7561PC008269', '1G1ZT53826F109149'])('refuses %s with any other check digit', (vin) => {
    for (const digit of '0123456789X'.replace(vin[8], '')) {
      expect(checkVin(vin.slice(0, 8) + digit + vin.slice(9), TODAY)).toEqual({ ok: false, reason: 'check-digit' });
    }
  });

  it('refuses a real VIN with two characters swapped (the weights tell the order)', () => {
    expect(checkVin('1HGCM82633A004325', TODAY)).toEqual({ ok: false, reason: 'check-digit' });
    expect(checkVin('H1GCM82633A004352', TODAY)).toEqual({ ok: false, reason: 'check-digit' });
  });

  it('takes the check digit X for a remainder of 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it.each([
    ['1HGCM82643A004352', 'check-digit'],
    // A Tesla VIN as often quoted, with a check digit that does not add up (2 is right).
    ['5YJ3E1EA7KF317000', 'check-digit'],
    ['1FTFW1ET5DFC10312', 'check-digit'],
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

  it.each(['0', 'U', 'Z'])('refuses %s as the model-year character', (code) => {
    const base = `1HGCM826?${code}A004352`;
    const vin = base.replace('?', vinCheckDigit(base.replace('?', '0')));
    expect(checkVin(vin, TODAY)).toEqual({ ok: false, reason: 'year' });
  });

  it('tells the 30-year cycles apart by position 7: a digit 1980–2009, a letter 2010 on', () => {
    const withCode = (seventh: string, yearCode: string) => {
      const base = `1HGCM8${seventh}6?${yearCode}A004352`;
      return base.replace('?', vinCheckDigit(base.replace('?', '0')));
    };
    expect(checkVin(withCode('2', 'A'), TODAY)).toMatchObject({ ok: true, modelYear: 1980 });
    expect(checkVin(withCode('Z', 'A'), TODAY)).toMatchObject({ ok: true, modelYear: 2010 });
    expect(checkVin(withCode('2', '9'), TODAY)).toMatchObject({ ok: true, modelYear: 2009 });
    expect(checkVin(withCode('Z', 'T'), TODAY)).toMatchObject({ ok: true, modelYear: 2026 });
    expect(checkVin(withCode('Z', 'V'), TODAY)).toMatchObject({ ok: true, modelYear: 2027 });
  });
});

describe(vinDisagreement.name, () => {
  const vin = (value: string) => {
    const checked = checkVin(value, TODAY);
    if (!checked.ok) throw new Error(`${value} should be valid`);
    return checked;
  };

  it('finds nothing when the year and make are the car typed (make in any case)', () => {
    expect(vinDisagreement(vin('1HGCM82633A004352'), { year: 2003, make: 'honda' })).toBeUndefined();
  });

  it('says the year and make of a VIN for another car', () => {
    expect(vinDisagreement(vin('2T3BFREV4JW000001'), { year: 2019, make: 'Honda' })).toEqual({ modelYear: 2018, make: 'Toyota' });
    expect(vinDisagreement(vin('2T3BFREV4JW000001'), { year: 2018, make: 'Honda' })).toEqual({ modelYear: 2018, make: 'Toyota' });
    expect(vinDisagreement(vin('2T3BFREV4JW000001'), { year: 2019, make: 'Toyota' })).toEqual({ modelYear: 2018, make: 'Toyota' });
  });

  it('judges the year alone when the VIN does not name its maker', () => {
    expect(vinDisagreement(vin('1C4RJFAG0FC625797'), { year: 2015, make: 'Jeep' })).toBeUndefined();
    expect(vinDisagreement(vin('1C4RJFAG0FC625797'), { year: 2016, make: 'Jeep' })).toEqual({ modelYear: 2015 });
  });
});
