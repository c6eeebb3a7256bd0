import { carsOn, numberCars, type StoredCar, type StoredChange } from '../../migrations/car-numbers';

const car = (model: string): StoredCar => ({ year: 2020, make: 'Honda', model, perMileRateMills: 80, baseRateCents: 5000 });
const [civic, rav4, fit, accord] = [car('Civic'), car('RAV4'), car('Fit'), car('Accord')];
let id = 0;
const change = (
  kind: string,
  baseRevision: number,
  effectiveDate: string,
  before: StoredCar[],
  after: StoredCar[],
  vehicleIndex?: number,
  status = 'applied',
): StoredChange => ({
  id: `c${++id}`,
  kind,
  status,
  effectiveDate,
  baseRevision,
  request: { kind, effectiveDate, ...(vehicleIndex === undefined ? {} : { vehicleIndex }) },
  before: { vehicles: before, baseRateCents: 1 },
  after: { vehicles: after, baseRateCents: 1 },
});
const numbers = (cars: { vehicleIndex: number; model: string }[]) => cars.map((c) => `${c.vehicleIndex}:${c.model}`);

describe('CarNumbers migration', () => {
  it('numbers the cars of a policy never changed by their place, and moves nothing', () => {
    const numbered = numberCars([civic, rav4], []);
    expect(numbers(numbered.vehicles)).toEqual(['0:Civic', '1:RAV4']);
    expect(numbered.moves).toEqual([]);
  });

  it('gives a car replaced in place a new number, and moves the rows of its place from its date to it', () => {
    const replace = change('replace-vehicle', 0, '2026-12-10', [civic, rav4], [accord, rav4], 0);
    const numbered = numberCars([accord, rav4], [replace]);
    expect(numbers(numbered.vehicles)).toEqual(['2:Accord', '1:RAV4']);
    expect(numbers(numbered.changes[0].before.vehicles as never)).toEqual(['0:Civic', '1:RAV4']);
    expect(numbers(numbered.changes[0].after.vehicles as never)).toEqual(['2:Accord', '1:RAV4']);
    // The request named the Civic by its place 0: its number is 0 too.
    expect(numbered.changes[0].request.vehicleIndex).toBe(0);
    expect(numbered.moves).toEqual([{ place: 0, from: '2026-12-10', to: null, vehicleIndex: 2 }]);
    expect(carsOn(numbered.timeline, '2026-12-09')[0].model).toBe('Civic');
    expect(carsOn(numbered.timeline, '2026-12-10')[0].model).toBe('Accord');
  });

  it('never gives a car added after a removal the removed car number, and moves only the rows dated after it was added', () => {
    const add = change('add-vehicle', 0, '2026-12-05', [civic, rav4], [civic, rav4, fit]);
    const remove = change('remove-vehicle', 1, '2026-12-08', [civic, rav4, fit], [civic, rav4], 2);
    const again = change('add-vehicle', 2, '2026-12-12', [civic, rav4], [civic, rav4, accord]);
    const numbered = numberCars([civic, rav4, accord], [again, add, remove]);
    expect(numbers(numbered.vehicles)).toEqual(['0:Civic', '1:RAV4', '3:Accord']);
    expect(numbered.changes.find((c) => c.id === remove.id)!.request.vehicleIndex).toBe(2);
    expect(numbered.moves).toEqual([{ place: 2, from: '2026-12-12', to: null, vehicleIndex: 3 }]);
  });

  it('numbers a change still waiting against its revision, its new car with the next number', () => {
    const add = change('add-vehicle', 0, '2026-12-05', [civic], [civic, rav4]);
    const waiting = change('replace-vehicle', 1, '2026-12-20', [civic, rav4], [fit, rav4], 0, 'priced');
    const stale = change('remove-vehicle', 0, '2026-12-06', [civic], [], 0, 'superseded');
    const numbered = numberCars([civic, rav4], [add, waiting, stale]);
    expect(numbers(numbered.changes[1].after.vehicles as never)).toEqual(['2:Fit', '1:RAV4']);
    expect(numbers(numbered.changes[2].before.vehicles as never)).toEqual(['0:Civic']);
    expect(numbers(numbered.vehicles)).toEqual(['0:Civic', '1:RAV4']);
  });
});
