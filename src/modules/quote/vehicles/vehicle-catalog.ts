import { CATALOG, CATALOG_FIRST_YEAR, CATALOG_LAST_YEAR } from './catalog-data';
import type { BodyType } from '../rating/rating-types';

export { CATALOG_FIRST_YEAR, CATALOG_LAST_YEAR };

export interface CatalogVehicle {
  year: number;
  make: string;
  model: string;
  bodyType: BodyType;
}

/** A model with no last year is still sold (which years we quote at all is the quote's rule). */
function soldIn(from: number, to: number | undefined, year: number): boolean {
  return year >= from && (to === undefined || year <= to);
}

/**
 * The model years the catalog was drawn up for, newest first. Models still sold (no last year)
 * are assumed to go on, so `makesFor` and `modelsFor` also answer for later years; which years a
 * quote accepts is the quote's rule (`vehicleYears` in shared/quote/quote-validation.ts).
 */
export function catalogYears(): number[] {
  return Array.from({ length: CATALOG_LAST_YEAR - CATALOG_FIRST_YEAR + 1 }, (_, i) => CATALOG_LAST_YEAR - i);
}

const MAKES_BY_LOWER = new Map(Object.keys(CATALOG).map((make) => [make.toLowerCase(), make]));

/** The makes with a model in that year, A to Z. */
export function makesFor(year: number): string[] {
  return Object.entries(CATALOG)
    .filter(([, models]) => models.some(([, , from, to]) => soldIn(from, to, year)))
    .map(([make]) => make)
    .sort((a, b) => a.localeCompare(b));
}

/** The models of a make (any case) in that year, A to Z. */
export function modelsFor(year: number, make: string): { model: string; bodyType: BodyType }[] {
  const name = MAKES_BY_LOWER.get(make.trim().toLowerCase());
  if (!name) return [];
  return CATALOG[name]
    .filter(([, , from, to]) => soldIn(from, to, year))
    .map(([model, bodyType]) => ({ model, bodyType }))
    .sort((a, b) => a.model.localeCompare(b.model, 'en', { numeric: true }));
}

/** The car, with the catalog's spelling, or undefined when that make had no such model that year. */
export function findVehicle(year: number, make: string, model: string): CatalogVehicle | undefined {
  const name = MAKES_BY_LOWER.get(make.trim().toLowerCase());
  if (!name) return undefined;
  const wanted = model.trim().toLowerCase();
  const entry = CATALOG[name].find(([m, , from, to]) => m.toLowerCase() === wanted && soldIn(from, to, year));
  return entry && { year, make: name, model: entry[0], bodyType: entry[1] };
}
