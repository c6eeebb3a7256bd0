import { vinCar, vinInput, vinMismatch } from './vin-car';

describe(vinCar.name, () => {
  it('reads the year and make of a whole, valid VIN, and nothing from a short or wrong one', () => {
    expect(vinCar('1HGCM82633A004352')).toEqual({ year: 2003, make: 'Honda' });
    expect(vinCar('1C4RJFAG0FC625797')).toEqual({ year: 2015 });
    expect(vinCar('1HGCM82633A00435')).toBeUndefined();
    expect(vinCar('1HGCM82643A004352')).toBeUndefined();
    expect(vinCar('')).toBeUndefined();
    expect(vinCar(undefined)).toBeUndefined();
  });
});

describe(vinInput.name, () => {
  it('keeps capitals and digits only', () => expect(vinInput(' 1hg-cm8 2633a004352')).toBe('1HGCM82633A004352'));
});

describe(vinMismatch.name, () => {
  it("gives the VIN's car when the year or a known make is another", () => {
    expect(vinMismatch('1HGCM82633A004352', { year: 2005, make: 'Honda' })).toEqual({ year: 2003, make: 'Honda' });
    expect(vinMismatch('1HGCM82633A004352', { year: 2003, make: 'Toyota' })).toEqual({ year: 2003, make: 'Honda' });
    expect(vinMismatch('1C4RJFAG0FC625797', { year: 2014, make: 'Jeep' })).toEqual({ year: 2015 });
  });

  it('says nothing when they agree, the make is not known or not typed, or there is no year or whole VIN yet', () => {
    expect(vinMismatch('1HGCM82633A004352', { year: 2003, make: ' honda ' })).toBeUndefined();
    expect(vinMismatch('1HGCM82633A004352', { year: 2003, make: '' })).toBeUndefined();
    expect(vinMismatch('1C4RJFAG0FC625797', { year: 2015, make: 'Jeep' })).toBeUndefined();
    expect(vinMismatch('1HGCM82633A004352', { make: 'Toyota' })).toBeUndefined();
    expect(vinMismatch('1HGCM8263', { year: 2005, make: 'Toyota' })).toBeUndefined();
  });
});
