import { isPrintable, printable } from './printable-text';
import type { PolicyDriver, PolicyView } from '../../shared/policy/policy-model';

/** A driver's name as one line: the fallback stands for the whole name, never half of it. */
export function fullName(driver: Pick<PolicyDriver, 'firstName' | 'lastName'>): string {
  return [driver.firstName, driver.lastName].filter(Boolean).join(' ');
}

/**
 * The policy with every saved text a document prints made printable (see `printable`): names,
 * address, cars, the agent. Done once, at the top of each document, so no line can forget it.
 */
export function printablePolicy(policy: PolicyView, fallback: string): PolicyView {
  const text = (value: string) => printable(value, fallback);
  const { address } = policy;
  return {
    ...policy,
    address: {
      ...address,
      line1: text(address.line1),
      ...(address.line2 ? { line2: text(address.line2) } : {}),
      city: text(address.city),
      state: text(address.state),
      zip: text(address.zip),
    },
    drivers: policy.drivers.map((driver) =>
      isPrintable(fullName(driver).normalize('NFC'))
        ? { ...driver, firstName: driver.firstName.normalize('NFC'), lastName: driver.lastName.normalize('NFC') }
        : { ...driver, firstName: fallback, lastName: '' },
    ),
    vehicles: policy.vehicles.map((vehicle) => ({
      ...vehicle,
      make: text(vehicle.make),
      model: text(vehicle.model),
      ...(vehicle.vin ? { vin: text(vehicle.vin) } : {}),
    })),
    ...(policy.soldBy ? { soldBy: { producerId: text(policy.soldBy.producerId), name: text(policy.soldBy.name) } } : {}),
  };
}
