import { findVehicle, makesFor, modelsFor } from './vehicle-catalog';
import { CATALOG } from './catalog-data';
import { BODY_TYPES } from '../rating/rating-types';

describe('Vehicle catalog', () => {
  it('covers at least 30 makes across every model year we quote, 2002 on', () => {
    expect(Object.keys(CATALOG).length).toBeGreaterThanOrEqual(30);
    for (let year = 2002; year <= 2027; year++) expect(makesFor(year).length).toBeGreaterThanOrEqual(25);
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
