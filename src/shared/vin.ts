/**
 * Vehicle identification numbers (ISO 3779, North American rules): 17 characters without I, O
 * or Q, a check digit in position 9, the model year in position 10. Shared with the browser.
 */
export type VinCheck =
  { ok: true; vin: string; modelYear: number; wmi: string; make?: string } | { ok: false; reason: 'length' | 'characters' | 'check-digit' | 'year' };

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The check digit positions 1–8 and 10–17 call for ("X" stands for 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    sum += (/\d/.test(c) ? Number(c) : VALUES[c]) * WEIGHTS[i];
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Position 10 repeats every 30 years; for cars and light trucks position 7 tells the cycles
 * apart: a letter means 2010–2039, a digit 1980–2009.
 */
function modelYear(vin: string): number {
  const index = YEAR_CODES.indexOf(vin[9]);
  return (/[A-Z]/.test(vin[6]) ? 2010 : 1980) + index;
}

export function checkVin(value: string, today: Date = new Date()): VinCheck {
  const vin = value.trim().toUpperCase();
  if (vin.length !== 17) return { ok: false, reason: 'length' };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { ok: false, reason: 'characters' };
  if (vinCheckDigit(vin) !== vin[8]) return { ok: false, reason: 'check-digit' };
  if (!YEAR_CODES.includes(vin[9])) return { ok: false, reason: 'year' };
  const year = modelYear(vin);
  if (year > today.getUTCFullYear() + 1) return { ok: false, reason: 'year' };
  const wmi = vin.slice(0, 3);
  const make = WMI_MAKES[wmi];
  return make ? { ok: true, vin, modelYear: year, wmi, make } : { ok: true, vin, modelYear: year, wmi };
}

/**
 * World manufacturer identifiers (VIN positions 1–3) of the makes in our catalog. Only codes
 * that belong to one make are listed; a shared one (Stellantis' 1C4, say) leaves the make to ask.
 */
export const WMI_MAKES: Readonly<Record<string, string>> = {
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  '2HK': 'Honda',
  '7FA': 'Honda',
  JHM: 'Honda',
  SHH: 'Honda',
  '19X': 'Honda',
  '19U': 'Acura',
  JH4: 'Acura',
  '5J8': 'Acura',
  '19V': 'Acura',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '4T4': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  '5TE': 'Toyota',
  '5TB': 'Toyota',
  '5YF': 'Toyota',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  '3TM': 'Toyota',
  '3TY': 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  JTK: 'Scion',
  JTL: 'Scion',
  JTH: 'Lexus',
  JTJ: 'Lexus',
  '2T2': 'Lexus',
  '58A': 'Lexus',
  '58B': 'Lexus',
  '1FA': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '1FD': 'Ford',
  '1FB': 'Ford',
  '1FC': 'Ford',
  '2FA': 'Ford',
  '2FM': 'Ford',
  '2FT': 'Ford',
  '3FA': 'Ford',
  '3FM': 'Ford',
  '3FT': 'Ford',
  '1ZV': 'Ford',
  NM0: 'Ford',
  '1LN': 'Lincoln',
  '2LM': 'Lincoln',
  '5LM': 'Lincoln',
  '3LN': 'Lincoln',
  '5LT': 'Lincoln',
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '1GB': 'Chevrolet',
  '2G1': 'Chevrolet',
  '2GN': 'Chevrolet',
  '3G1': 'Chevrolet',
  '3GN': 'Chevrolet',
  '3GC': 'Chevrolet',
  KL7: 'Chevrolet',
  KL8: 'Chevrolet',
  '1GA': 'Chevrolet',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '2GK': 'GMC',
  '3GK': 'GMC',
  '3GT': 'GMC',
  '1GD': 'GMC',
  '1G4': 'Buick',
  '2G4': 'Buick',
  '5GA': 'Buick',
  KL4: 'Buick',
  LRB: 'Buick',
  '1G6': 'Cadillac',
  '1GY': 'Cadillac',
  '1GE': 'Cadillac',
  '1G2': 'Pontiac',
  '2G2': 'Pontiac',
  '5Y2': 'Pontiac',
  '1G8': 'Saturn',
  '5GZ': 'Saturn',
  '5GR': 'Hummer',
  '1B3': 'Dodge',
  '2B3': 'Dodge',
  '2D3': 'Dodge',
  '1D3': 'Dodge',
  '1D7': 'Dodge',
  '1C6': 'Ram',
  '3C6': 'Ram',
  '3C7': 'Ram',
  '3D7': 'Ram',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '3N1': 'Nissan',
  '3N6': 'Nissan',
  '5N1': 'Nissan',
  JN1: 'Nissan',
  JN8: 'Nissan',
  JNK: 'Infiniti',
  JNR: 'Infiniti',
  '5N3': 'Infiniti',
  KMH: 'Hyundai',
  '5NP': 'Hyundai',
  '5NM': 'Hyundai',
  KM8: 'Hyundai',
  '5NT': 'Hyundai',
  KMT: 'Genesis',
  KNA: 'Kia',
  KND: 'Kia',
  '5XY': 'Kia',
  '3KP': 'Kia',
  '5XX': 'Kia',
  KNC: 'Kia',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  JM1: 'Mazda',
  JM3: 'Mazda',
  '3MZ': 'Mazda',
  '3MV': 'Mazda',
  '7MM': 'Mazda',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  '4A3': 'Mitsubishi',
  '4A4': 'Mitsubishi',
  ML3: 'Mitsubishi',
  '3VW': 'Volkswagen',
  '1VW': 'Volkswagen',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  '1V2': 'Volkswagen',
  '3VV': 'Volkswagen',
  WAU: 'Audi',
  WA1: 'Audi',
  WUA: 'Audi',
  WBA: 'BMW',
  WBS: 'BMW',
  WBX: 'BMW',
  WBY: 'BMW',
  '5UX': 'BMW',
  '5YM': 'BMW',
  '4US': 'BMW',
  '5UJ': 'BMW',
  WMW: 'Mini',
  WDD: 'Mercedes-Benz',
  WDB: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  '55S': 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  W1V: 'Mercedes-Benz',
  YV1: 'Volvo',
  YV4: 'Volvo',
  '7JR': 'Volvo',
  '7JD': 'Volvo',
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  LRW: 'Tesla',
  XP7: 'Tesla',
  WP0: 'Porsche',
  WP1: 'Porsche',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  ZAR: 'Alfa Romeo',
  '7FC': 'Rivian',
  JS2: 'Suzuki',
  JS3: 'Suzuki',
  '2S3': 'Suzuki',
  '5GT': 'Hummer',
  '1ME': 'Mercury',
  '2ME': 'Mercury',
  '3ME': 'Mercury',
  '4M2': 'Mercury',
  '1G3': 'Oldsmobile',
  YS3: 'Saab',
  WME: 'Smart',
  '50E': 'Lucid',
  LPS: 'Polestar',
};

/** What a valid VIN says that the car as typed does not: its model year, and its make when known. */
export interface VinDisagreement {
  modelYear: number;
  make?: string;
}

/**
 * Whether a VIN is for another car than the one typed: another model year, or another make when
 * the VIN's maker is one we know. Undefined when they agree (or the make cannot be told).
 */
export function vinDisagreement(vin: Extract<VinCheck, { ok: true }>, car: { year: number; make: string }): VinDisagreement | undefined {
  const otherYear = vin.modelYear !== car.year;
  const otherMake = vin.make !== undefined && vin.make.toLowerCase() !== car.make.trim().toLowerCase();
  if (!otherYear && !otherMake) return undefined;
  return vin.make ? { modelYear: vin.modelYear, make: vin.make } : { modelYear: vin.modelYear };
}
