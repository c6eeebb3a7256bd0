import { vinCheckDigit, WMI_MAKES } from '../../src/shared/vin';

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * A VIN that checks out for a car as typed: the make's world manufacturer code (an unlisted
 * maker's when the make has none), the model year's code and cycle, the right check digit.
 * `serial` tells two of the same car apart. A car that has its VIN already keeps it.
 */
export function vinFor(car: { year: number; make: string; vin?: string }, serial = 1): string {
  if (car.vin) return car.vin;
  const wmi = Object.keys(WMI_MAKES).find((code) => WMI_MAKES[code] === car.make) ?? '1ZZ';
  const cycle = car.year >= 2010 ? 'E' : '1';
  const base = `${wmi}ABC${cycle}D0${YEAR_CODES[(car.year - 1980) % 30]}P${String(serial).padStart(6, '0')}`;
  return base.slice(0, 8) + vinCheckDigit(base) + base.slice(9);
}

/** A license number of Arizona's shape, different for each driver (never a real person's). */
export function licenseFor(index: number): { state: string; number: string } {
  return { state: 'AZ', number: `D${String(12345678 + index).padStart(8, '0')}` };
}

/** The identification section's body for the quote's car and driver and those added on the application. */
export function identificationFor(
  quote: { vehicle: { year: number; make: string; vin?: string } },
  application: { drivers?: object[]; vehicles?: { year: number; make: string; vin?: string }[] } = {},
) {
  const cars = [quote.vehicle, ...(application.vehicles ?? [])];
  return {
    vehicles: cars.map((car, index) => ({ vin: vinFor(car, index + 1) })),
    drivers: [undefined, ...(application.drivers ?? [])].map((_, index) => licenseFor(index)),
  };
}
