import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A finite number with at most two decimals, however JavaScript writes it. IsNumber's
 * maxDecimalPlaces reads the digits after a "." and so took 9e-323 (no "." at all), which the
 * database's real column then refused as a 500.
 */
export function isAtMostTwoDecimals(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

export function AtMostTwoDecimals(message: string, options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy({ name: 'atMostTwoDecimals', validator: { validate: isAtMostTwoDecimals, defaultMessage: () => message } }, options);
}
