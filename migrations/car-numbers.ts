/**
 * The pure part of CarNumbers (the migration that gives each car on a policy a number for its
 * life on it): the numbers the cars get, replaying the policy's changes in order, and which rows
 * kept under a car's place must move to the number of the car that was at that place on their day.
 * Kept here, frozen with the migration, rather than imported from src (which moves on).
 */

export interface StoredCar {
  vin?: string;
  year: number;
  make: string;
  model: string;
  vehicleIndex?: number;
  [key: string]: unknown;
}

export interface StoredChange {
  id: string;
  kind: string;
  status: string;
  effectiveDate: string;
  baseRevision: number;
  request: { vehicleIndex?: number; [key: string]: unknown };
  before: { vehicles: StoredCar[]; [key: string]: unknown };
  after: { vehicles: StoredCar[]; [key: string]: unknown };
}

export type NumberedCar = StoredCar & { vehicleIndex: number };

/** Rows under `place` dated `from` (to before `to`, when given) belong to the car numbered `vehicleIndex`. */
export interface Move {
  place: number;
  from: string;
  to: string | null;
  vehicleIndex: number;
}

export interface Numbered {
  vehicles: NumberedCar[];
  /** Every change with its cars numbered, and a car's place in its request turned into its number. */
  changes: StoredChange[];
  moves: Move[];
  /** The cars insured from each applied change's date (the first from the start): what a statement line's day had at its place. */
  timeline: { from: string; vehicles: NumberedCar[] }[];
}

const number = (cars: StoredCar[], numbers: number[]): NumberedCar[] => cars.map((car, place) => ({ ...car, vehicleIndex: numbers[place] }));

/**
 * The cars after a change, numbered: a car added or one replacing another is a new car (a new
 * number, never one used before); the others keep theirs. Changes before this migration named a
 * car by its place, and removed only the last one.
 */
function numbersAfter(change: StoredChange, before: number[], next: () => number): number[] {
  const count = change.after.vehicles.length;
  const place = change.request.vehicleIndex;
  const kept = [...before];
  if (change.kind === 'replace-vehicle' && place !== undefined && place < kept.length) kept[place] = next();
  if (change.kind === 'remove-vehicle' && place !== undefined && place < kept.length) kept.splice(place, 1);
  return Array.from({ length: count }, (_, i) => (i < kept.length ? kept[i] : next()));
}

/** Numbers one policy's cars from its changes (all of them, in the order of their revision and creation). */
export function numberCars(current: StoredCar[], changes: StoredChange[]): Numbered {
  const applied = changes.filter((c) => c.status === 'applied').sort((a, b) => a.baseRevision - b.baseRevision);
  const first = applied[0]?.before.vehicles ?? current;
  let counter = first.length;
  const next = () => counter++;
  let numbers = first.map((_, place) => place);
  /** The numbers in force at each revision: applied changes are revisions 0, 1, 2, … */
  const atRevision = new Map<number, number[]>([[applied[0]?.baseRevision ?? 0, numbers]]);
  const timeline: Numbered['timeline'] = [{ from: '0000-01-01', vehicles: number(first, numbers) }];
  const numberedChanges = new Map<string, StoredChange>();
  for (const change of applied) {
    const before = change.before.vehicles.map((_, place) => numbers[place] ?? next());
    const after = numbersAfter(change, before, next);
    numberedChanges.set(change.id, renumbered(change, before, after));
    numbers = after;
    atRevision.set(change.baseRevision + 1, numbers);
    timeline.push({ from: change.effectiveDate, vehicles: number(change.after.vehicles, numbers) });
  }
  // Changes never applied: numbered against their revision's cars; a car they add takes the next
  // number, which only the one applied among them (if any is, later) will use.
  for (const change of changes.filter((c) => c.status !== 'applied')) {
    const known = atRevision.get(change.baseRevision) ?? numbers;
    let pending = counter;
    const before = change.before.vehicles.map((_, place) => known[place] ?? pending++);
    numberedChanges.set(
      change.id,
      renumbered(
        change,
        before,
        numbersAfter(change, before, () => pending++),
      ),
    );
  }
  const vehicles = current.map((car, place) => ({ ...car, vehicleIndex: numbers[place] ?? next() }));
  const moves: Move[] = [];
  timeline.forEach((stretch, i) =>
    stretch.vehicles.forEach((car, place) => {
      if (car.vehicleIndex !== place) moves.push({ place, from: stretch.from, to: timeline[i + 1]?.from ?? null, vehicleIndex: car.vehicleIndex });
    }),
  );
  return { vehicles, changes: changes.map((c) => numberedChanges.get(c.id)!), moves, timeline };
}

function renumbered(change: StoredChange, before: number[], after: number[]): StoredChange {
  const place = change.request.vehicleIndex;
  const named = change.kind === 'replace-vehicle' || change.kind === 'remove-vehicle';
  return {
    ...change,
    request: named && place !== undefined && before[place] !== undefined ? { ...change.request, vehicleIndex: before[place] } : change.request,
    before: { ...change.before, vehicles: number(change.before.vehicles, before) },
    after: { ...change.after, vehicles: number(change.after.vehicles, after) },
  };
}

/** The cars insured on `day` (YYYY-MM-DD), from the timeline. */
export function carsOn(timeline: Numbered['timeline'], day: string): NumberedCar[] {
  let cars = timeline[0].vehicles;
  for (const stretch of timeline) if (stretch.from <= day) cars = stretch.vehicles;
  return cars;
}
