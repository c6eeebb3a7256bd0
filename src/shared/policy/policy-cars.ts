import type { QuoteVehicle } from '../quote/quote-model';

/** A car with its number on the policy (`PolicyVehicle.vehicleIndex`), never its place in the list. */
export type NumberedCar = Pick<QuoteVehicle, 'year' | 'make' | 'model'> & { vehicleIndex: number };

/** The car with this number among `vehicles`, if it is one of them. */
export function carNumbered<T extends { vehicleIndex: number }>(vehicles: readonly T[], vehicleIndex: number | undefined): T | undefined {
  return vehicleIndex === undefined ? undefined : vehicles.find((vehicle) => vehicle.vehicleIndex === vehicleIndex);
}

/** The number a car added now gets: one more than any car the policy ever had (the lists of all its terms), so none is reused. */
export function nextVehicleIndex(lists: readonly (readonly { vehicleIndex: number }[])[]): number {
  return lists.reduce((next, vehicles) => vehicles.reduce((n, v) => Math.max(n, v.vehicleIndex + 1), next), 0);
}

/** A car's number is at most this (a policy would need a thousand changes of car to pass it): the APIs refuse larger ones. */
export const MAX_VEHICLE_INDEX = 999;
