import { carNumbered } from '../policy/policy-cars';
import type { QuoteVehicle } from '../quote/quote-model';
import type { StatementLine } from './statement-line';

type Named = Pick<QuoteVehicle, 'year' | 'make' | 'model'>;

/**
 * The car a statement line bills: as the line recorded it (the car insured those days, even one
 * removed or replaced since), else the policy's car with that number.
 */
export function lineCar(line: Pick<StatementLine, 'vehicleIndex' | 'vehicle'>, vehicles: readonly (Named & { vehicleIndex: number })[]): Named | undefined {
  return line.vehicle ?? carNumbered(vehicles, line.vehicleIndex);
}
