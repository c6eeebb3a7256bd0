import { isLatinScript } from '../latin-script';
import { MAX_DRIVERS, MAX_VEHICLES, RELATIONSHIPS, type AdditionalDriver, type Address, type InsuranceHistory } from './application-model';
import type { QuoteVehicle } from './quote-model';
import { driverProblems, incidentProblems, priorInsuranceProblems, vehicleProblems, type Problems } from './quote-validation';

const STREET = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} .,'#/-]*$/u;

/** Re-roots one driver's or car's problems under its place in a list: driver.x → drivers.1.x. */
function under(prefix: string, problems: Problems, from: string): Problems {
  return Object.fromEntries(Object.entries(problems).map(([path, problem]) => [path.replace(new RegExp(`^${from}`), prefix), problem]));
}

export function addressProblems(address: Partial<Address> | undefined, quote: { state: string; zip: string }): Problems {
  if (!address) return { address: 'required' };
  const problems: Problems = {};
  const line1 = address.line1?.trim();
  if (!line1) problems['address.line1'] = 'required';
  else if (line1.length > 100) problems['address.line1'] = 'tooLong';
  else if (!isLatinScript(line1)) problems['address.line1'] = 'notLatin';
  else if (!STREET.test(line1) || !/\p{L}/u.test(line1)) problems['address.line1'] = 'invalid';
  const line2 = address.line2?.trim();
  if (line2 && line2.length > 100) problems['address.line2'] = 'tooLong';
  else if (line2 && !isLatinScript(line2)) problems['address.line2'] = 'notLatin';
  else if (line2 && !STREET.test(line2)) problems['address.line2'] = 'invalid';
  const city = address.city?.trim();
  if (!city) problems['address.city'] = 'required';
  else if (city.length > 60) problems['address.city'] = 'tooLong';
  else if (!isLatinScript(city)) problems['address.city'] = 'notLatin';
  else if (!/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(city)) problems['address.city'] = 'invalid';
  // The address is where the car is kept: the quote was priced for that state and ZIP.
  if (address.state !== quote.state) problems['address.state'] = 'invalid';
  if (address.zip !== quote.zip) problems['address.zip'] = 'invalid';
  return problems;
}

export function additionalDriversProblems(drivers: Partial<AdditionalDriver>[] | undefined, today: string): Problems {
  if (!drivers) return { drivers: 'required' };
  if (drivers.length > MAX_DRIVERS - 1) return { drivers: 'tooMany' };
  const problems: Problems = {};
  drivers.forEach((driver, index) => {
    Object.assign(problems, under(`drivers.${index}`, driverProblems(driver, today), 'driver'));
    Object.assign(problems, under(`drivers.${index}.incidents`, incidentProblems(driver.incidents, today), 'incidents'));
    if (!driver.relationship) problems[`drivers.${index}.relationship`] = 'required';
    else if (!(RELATIONSHIPS as readonly string[]).includes(driver.relationship)) problems[`drivers.${index}.relationship`] = 'invalid';
  });
  return problems;
}

export function additionalVehiclesProblems(vehicles: Partial<QuoteVehicle>[] | undefined, today: string): Problems {
  if (!vehicles) return { vehicles: 'required' };
  if (vehicles.length > MAX_VEHICLES - 1) return { vehicles: 'tooMany' };
  return vehicles.reduce<Problems>((all, vehicle, index) => ({ ...all, ...under(`vehicles.${index}`, vehicleProblems(vehicle, today), 'vehicle') }), {});
}

export function historyProblems(history: Partial<InsuranceHistory> | undefined): Problems {
  if (!history) return { history: 'required' };
  const problems = under('history.priorInsurance', priorInsuranceProblems(history.priorInsurance), 'priorInsurance');
  const carrier = history.currentCarrier?.trim();
  if (carrier && carrier.length > 80) problems['history.currentCarrier'] = 'tooLong';
  return problems;
}
