import { WMI_MAKES } from '../../../shared/vin';
import { catalogYears, findVehicle, makesFor, modelsFor } from './vehicle-catalog';
import { CATALOG } from './catalog-data';
import { BODY_TYPES } from '../rating/rating-types';

describe('Vehicle catalog', () => {
  it('covers at least 30 makes across every model year we quote, 2002 on', () => {
    expect(Object.keys(CATALOG).length).toBeGreaterThanOrEqual(30);
    for (const year of catalogYears()) expect(makesFor(year).length).toBeGreaterThanOrEqual(25);
  });

  it('lists its model years newest first, 2027 down to 2002', () => {
    const sut = catalogYears();
    expect(sut).toHaveLength(26);
    expect([sut[0], sut.at(-1)]).toEqual([2027, 2002]);
    expect(sut).toEqual([...sut].sort((a, b) => b - a));
  });

  it('never lists a model twice in one year: the runs of a model do not overlap', () => {
    for (const make of Object.keys(CATALOG)) {
      for (const year of catalogYears()) {
        const names = modelsFor(year, make).map((m) => m.model);
        expect({ make, year, names }).toEqual({ make, year, names: [...new Set(names)] });
      }
    }
  });

  it('has every make a VIN can name', () => {
    const makes = new Set(Object.keys(CATALOG));
    const missing = [...new Set(Object.values(WMI_MAKES))].filter((make) => !makes.has(make));
    expect(missing).toEqual([]);
  });

  it('knows models that left the market and came back only in the years they were sold', () => {
    expect(findVehicle(2008, 'Ford', 'Ranger')).toMatchObject({ bodyType: 'pickup' });
    expect(findVehicle(2015, 'Ford', 'Ranger')).toBeUndefined();
    expect(findVehicle(2021, 'Ford', 'Ranger')).toMatchObject({ bodyType: 'pickup' });
    expect(findVehicle(2006, 'Chrysler', 'Pacifica')).toMatchObject({ bodyType: 'suv' });
    expect(findVehicle(2020, 'Chrysler', 'Pacifica')).toMatchObject({ bodyType: 'minivan' });
  });

  it('knows the common cars of the early years and of makes since gone', () => {
    expect(findVehicle(2005, 'Dodge', 'Ram 1500')).toMatchObject({ bodyType: 'pickup' });
    expect(findVehicle(2009, 'mercury', 'grand marquis')).toEqual({ year: 2009, make: 'Mercury', model: 'Grand Marquis', bodyType: 'sedan' });
    expect(findVehicle(2004, 'Ford', 'Crown Victoria')).toMatchObject({ bodyType: 'sedan' });
    expect(makesFor(2003)).toEqual(expect.arrayContaining(['Oldsmobile', 'Saab', 'Mercury', 'Pontiac', 'Saturn']));
    expect(makesFor(2026)).not.toEqual(expect.arrayContaining(['Mercury']));
  });

  it('has well-formed entries: a known body type and years in order', () => {
    for (const [make, models] of Object.entries(CATALOG)) {
      for (const [model, body, from, to] of models) {
        expect({ make, model, body: BODY_TYPES.includes(body) }).toEqual({ make, model, body: true });
        expect(from).toBeGreaterThanOrEqual(2002);
        if (to !== undefined) expect(to).toBeGreaterThanOrEqual(from);
      }
    }
  });

  it('lists the makes of a year A to Z, and only those sold that year', () => {
    const makes = makesFor(2005);
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b)));
    expect(makes).toContain('Pontiac');
    expect(makes).not.toContain('Tesla');
    expect(makesFor(2024)).toContain('Tesla');
    expect(makesFor(2024)).not.toContain('Pontiac');
  });

  it('lists a make\'s models of a year with their body type, whatever the case of the make', () => {
    const models = modelsFor(2019, 'honda');
    expect(models).toEqual(expect.arrayContaining([{ model: 'Civic', bodyType: 'sedan' }, { model: 'Odyssey', bodyType: 'minivan' }]));
    expect(models.map((m) => m.model)).not.toContain('Element');
    expect(modelsFor(2019, 'Nope')).toEqual([]);
  });

  it('finds a car with the catalog\'s spelling, or nothing when that make had no such model that year', () => {
    expect(findVehicle(2019, 'HONDA', ' civic ')).toEqual({ year: 2019, make: 'Honda', model: 'Civic', bodyType: 'sedan' });
    expect(findVehicle(2003, 'Toyota', 'RAV4')).toMatchObject({ bodyType: 'suv' });
    expect(findVehicle(2010, 'Tesla', 'Model 3')).toBeUndefined();
    expect(findVehicle(2019, 'Honda', 'Flying Carpet')).toBeUndefined();
  });
});
