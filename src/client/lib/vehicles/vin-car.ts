import { checkVin, vinDisagreement } from '../../../shared/vin';

/** The car a VIN names: its model year, and its make when the VIN's maker is one we know. */
export interface VinCar {
  year: number;
  make?: string;
}

/** A VIN as typed, kept to what a VIN can hold: capitals and digits (spaces and dashes dropped). */
export function vinInput(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The year and make a whole, valid VIN gives; nothing while it is short or does not check. */
export function vinCar(vin: string | undefined): VinCar | undefined {
  const checked = vin?.trim().length === 17 ? checkVin(vin) : undefined;
  if (!checked?.ok) return undefined;
  return checked.make ? { year: checked.modelYear, make: checked.make } : { year: checked.modelYear };
}

/**
 * The VIN's car when it is another than the one typed: another model year, or another make when
 * the VIN names its maker (the shared rule the quote's identification step refuses by). Nothing
 * while the VIN is not whole or no year is typed yet.
 */
export function vinMismatch(vin: string | undefined, car: { year?: number; make: string }): VinCar | undefined {
  const checked = vin?.trim().length === 17 ? checkVin(vin) : undefined;
  if (!checked?.ok || car.year === undefined) return undefined;
  const found = vinDisagreement(checked, { year: car.year, make: car.make.trim() || (checked.make ?? '') });
  return found && (found.make ? { year: found.modelYear, make: found.make } : { year: found.modelYear });
}
