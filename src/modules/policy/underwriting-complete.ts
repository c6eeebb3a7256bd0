import type { PolicyDriver, PolicyVehicle } from '../../shared/policy/policy-model';

/**
 * A policy binds only with a VIN for every car and a driver's license for every driver (issue
 * 15). The application asks for them before payment; this is the last check, at the binding,
 * for a policy staff sold before that step existed.
 */
export function underwritingComplete(policy: { drivers: PolicyDriver[]; vehicles: PolicyVehicle[] }): boolean {
  return policy.vehicles.every((vehicle) => Boolean(vehicle.vin)) && policy.drivers.every((driver) => Boolean(driver.license));
}
