import {
  ageOn,
  answerProblems,
  driverProblems,
  incidentProblems,
  lookbackStart,
  milesProblems,
  parseIsoDate,
  vehicleProblems,
  zipProblems,
} from './quote-validation';

const TODAY = '2026-11-22';
const DRIVER = { firstName: 'Ana', lastName: "O'Neil-García", birthDate: '1990-06-15', gender: 'female' as const, yearsLicensed: 10 };

describe('Quote rules', () => {
  it('reads only real calendar days', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('26-1-1')).toBeUndefined();
    expect(parseIsoDate('2026-04-31')).toBeUndefined();
    expect(parseIsoDate('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
    for (const odd of ['2026-1a-01', '2026/01/01', '2026-01-00', '0099-01-01', ' 2026-01-01', '2026-01-011', '２０２６-01-01', 20260101]) {
      expect(parseIsoDate(odd)).toBeUndefined();
    }
  });

  it('counts age in whole years, birthdays included', () => {
    expect(ageOn('2010-11-22', TODAY)).toBe(16);
    expect(ageOn('2010-11-23', TODAY)).toBe(15);
  });

  it('looks back three years, from 29 February to 28 February', () => {
    expect(lookbackStart(TODAY)).toBe('2023-11-22');
    expect(lookbackStart('2028-02-29')).toBe('2025-02-28');
  });

  it('takes a 5-digit ZIP', () => {
    expect(zipProblems('85004')).toEqual({});
    expect(zipProblems('')).toEqual({ zip: 'required' });
    expect(zipProblems('8500A')).toEqual({ zip: 'invalid' });
  });

  it('takes year, make and model of the last 25 model years, or a VIN that agrees with the year', () => {
    expect(vehicleProblems({ year: 2019, make: 'Honda', model: 'Civic' }, TODAY)).toEqual({});
    expect(vehicleProblems({ year: 2001, make: 'Honda', model: 'Civic' }, TODAY)).toEqual({ 'vehicle.year': 'outOfRange' });
    expect(vehicleProblems({ year: 2028, make: 'Honda', model: 'Civic' }, TODAY)).toEqual({ 'vehicle.year': 'outOfRange' });
    expect(vehicleProblems({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }, TODAY)).toEqual({});
    expect(vehicleProblems({ vin: '1HGCM82633A004352', year: 2004, make: 'Honda', model: 'Accord' }, TODAY)).toEqual({ 'vehicle.year': 'invalid' });
    expect(vehicleProblems({ vin: '1HGCM82643A004352', year: 2003, make: 'Honda', model: 'Accord' }, TODAY)).toEqual({ 'vehicle.vin': 'vinCheckDigit' });
    expect(vehicleProblems({}, TODAY)).toEqual({ 'vehicle.year': 'required', 'vehicle.make': 'required', 'vehicle.model': 'required' });
  });

  it('takes a named driver of 16 or older, licensed no longer than their age allows', () => {
    expect(driverProblems(DRIVER, TODAY)).toEqual({});
    expect(driverProblems({ ...DRIVER, birthDate: '2027-01-01' }, TODAY)).toEqual({ 'driver.birthDate': 'future' });
    expect(driverProblems({ ...DRIVER, birthDate: '2011-01-01', yearsLicensed: 0 }, TODAY)).toEqual({ 'driver.birthDate': 'tooYoung' });
    expect(driverProblems({ ...DRIVER, yearsLicensed: 30 }, TODAY)).toEqual({ 'driver.yearsLicensed': 'tooManyYearsLicensed' });
    expect(driverProblems({ ...DRIVER, firstName: '  ', lastName: '123' }, TODAY)).toEqual({ 'driver.firstName': 'required', 'driver.lastName': 'invalid' });
    expect(driverProblems({ ...DRIVER, gender: 'other' as never }, TODAY)).toEqual({ 'driver.gender': 'invalid' });
  });

  it('takes up to ten incidents of the last three years, none in the future', () => {
    expect(incidentProblems([], TODAY)).toEqual({});
    expect(incidentProblems([{ type: 'claims', date: '2023-11-22' }], TODAY)).toEqual({});
    expect(incidentProblems([{ type: 'claims', date: '2023-11-21' }], TODAY)).toEqual({ 'incidents.0.date': 'olderThanLookback' });
    expect(incidentProblems([{ type: 'claims', date: '2026-11-23' }], TODAY)).toEqual({ 'incidents.0.date': 'future' });
    expect(incidentProblems([{ type: 'speeding' as never, date: '2026-01-01' }], TODAY)).toEqual({ 'incidents.0.type': 'invalid' });
    expect(
      incidentProblems(
        Array.from({ length: 11 }, () => ({ type: 'claims' as const, date: '2026-01-01' })),
        TODAY,
      ),
    ).toEqual({ incidents: 'tooMany' });
  });

  it('takes whole miles from 0 to 10,000 a month', () => {
    expect(milesProblems(0)).toEqual({});
    expect(milesProblems(10_000)).toEqual({});
    expect(milesProblems(10_001)).toEqual({ milesPerMonth: 'outOfRange' });
    expect(milesProblems(-1)).toEqual({ milesPerMonth: 'outOfRange' });
    expect(milesProblems(1.5)).toEqual({ milesPerMonth: 'invalid' });
  });

  it('checks only the parts given', () => {
    expect(answerProblems({ zip: '85004' }, TODAY)).toEqual({});
    expect(answerProblems({ zip: 'x', milesPerMonth: -1 }, TODAY)).toEqual({ zip: 'invalid', milesPerMonth: 'outOfRange' });
  });

  it('takes names in Latin script with every accent, and refuses other scripts with notLatin', () => {
    expect(driverProblems({ ...DRIVER, firstName: 'Łukasz', lastName: 'Nguyễn Ødegård' }, TODAY)).toEqual({});
    expect(driverProblems({ ...DRIVER, firstName: 'محمد', lastName: 'כהן' }, TODAY)).toEqual({ 'driver.firstName': 'notLatin', 'driver.lastName': 'notLatin' });
  });
});
