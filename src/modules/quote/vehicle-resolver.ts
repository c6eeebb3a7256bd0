import { vehicleProblems } from '../../shared/quote/quote-validation';
import { checkVin } from '../../shared/vin';
import { invalidAnswers, invalidField } from './quote-problems';
import { findVehicle } from './vehicles/vehicle-catalog';
import type { QuoteVehicle } from '../../shared/quote/quote-model';
import type { BodyType } from './rating/rating-types';

export interface ResolvedVehicle extends QuoteVehicle {
  bodyType: BodyType;
}

/** With a VIN alone we know the year and make but not the body: rated as the commonest, a sedan. */
export const UNKNOWN_BODY_TYPE: BodyType = 'sedan';

/**
 * A vehicle as given (a VIN, or year, make and model) checked and completed: the year (and make)
 * a VIN gives, the catalog's spelling of make and model, and the body type the rating needs.
 * `requireModel: false` (the estimate) accepts a VIN alone.
 */
export function resolveVehicle(given: Partial<QuoteVehicle>, today: string, options: { requireModel: boolean }): ResolvedVehicle {
  const vin = given.vin ? given.vin.trim().toUpperCase() : undefined;
  const decoded = vin ? checkVin(vin, new Date(`${today}T12:00:00Z`)) : undefined;
  const year = given.year ?? (decoded?.ok ? decoded.modelYear : undefined);
  const make = given.make?.trim() || (decoded?.ok ? decoded.make : undefined);
  const model = given.model?.trim();
  const vinOnly = Boolean(vin) && !options.requireModel && !model;
  const problems = vehicleProblems({ vin, year, make: make ?? (vinOnly ? '-' : undefined), model: model ?? (vinOnly ? '-' : undefined) }, today);
  if (Object.keys(problems).length) throw invalidAnswers(problems);
  if (vinOnly) return { vin, year: year!, make: make ?? '', model: '', bodyType: UNKNOWN_BODY_TYPE };
  const found = findVehicle(year!, make!, model!);
  if (!found) throw invalidField('vehicle.model', 'unknown');
  return { ...(vin ? { vin } : {}), year: found.year, make: found.make, model: found.model, bodyType: found.bodyType };
}
