import { carNumbered, nextVehicleIndex } from './policy-cars';

const car = (vehicleIndex: number, model: string) => ({ vehicleIndex, year: 2020, make: 'Honda', model });

describe('policy cars', () => {
  it('finds a car by its number, never by its place', () => {
    const cars = [car(1, 'RAV4'), car(3, 'Accord')];
    expect(carNumbered(cars, 1)?.model).toBe('RAV4');
    expect(carNumbered(cars, 0)).toBeUndefined();
    expect(carNumbered(cars, undefined)).toBeUndefined();
  });

  it('gives a new car a number no car of the policy ever had, a removed one included', () => {
    // Cars 0 and 1 bought, car 2 added then removed: the next car is 3, not 2.
    expect(
      nextVehicleIndex([
        [car(0, 'Civic'), car(1, 'RAV4')],
        [car(0, 'Civic'), car(1, 'RAV4'), car(2, 'Fit')],
        [car(0, 'Civic'), car(1, 'RAV4')],
      ]),
    ).toBe(3);
    expect(nextVehicleIndex([])).toBe(0);
  });
});
