import { identificationComplete, identificationProblems, maskedApplication, savedLicenses } from './application-identification';
import { nextApplicationSection, type Application } from './application-model';
import type { QuoteAnswers } from './quote-model';

const TODAY = new Date('2026-11-25T12:00:00Z');
const ANA = { firstName: 'Ana', lastName: 'García', birthDate: '1988-04-12', gender: 'female' as const, yearsLicensed: 18 };
const LUIS = {
  firstName: 'Luis',
  lastName: 'García',
  birthDate: '1986-02-20',
  gender: 'male' as const,
  yearsLicensed: 20,
  relationship: 'spouse' as const,
  incidents: [],
};
const ANSWERS: QuoteAnswers = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: ANA,
  priorInsurance: 'over-3-years',
  incidents: [],
  milesPerMonth: 600,
};
const RAV4 = { year: 2018, make: 'Toyota', model: 'RAV4' };
const APPLICATION: Application = {
  address: { line1: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' },
  drivers: [LUIS],
  vehicles: [RAV4],
};
const CIVIC_VIN = '2HGFC2F50KH500000';
const RAV4_VIN = '2T3BFREV4JW000001';
const GOOD = {
  vehicles: [{ vin: CIVIC_VIN }, { vin: RAV4_VIN }],
  drivers: [
    { state: 'AZ', number: 'D12345678' },
    { state: 'TX', number: '12345678' },
  ],
};

describe('The identification section', () => {
  it('takes a VIN for each car that fits it and a license of its state for each driver', () => {
    expect(identificationProblems(GOOD, ANSWERS, APPLICATION, TODAY)).toEqual({});
  });

  it('says at each field what is wrong: check digit, another car, a VIN twice, a number not of its state', () => {
    const input = {
      vehicles: [{ vin: '2HGFC2F59KH500000' }, { vin: CIVIC_VIN }],
      drivers: [
        { state: 'AZ', number: '12345678' },
        { state: '', number: '' },
      ],
    };
    expect(identificationProblems(input, ANSWERS, APPLICATION, TODAY)).toEqual({
      'vehicles.0.vin': 'vinCheckDigit',
      'vehicles.1.vin': 'vinMismatch',
      'drivers.0.number': 'invalid',
      'drivers.1.state': 'required',
      'drivers.1.number': 'required',
    });
    const twice = { ...GOOD, vehicles: [{ vin: CIVIC_VIN }, { vin: CIVIC_VIN }] };
    expect(identificationProblems(twice, ANSWERS, { ...APPLICATION, vehicles: [{ year: 2019, make: 'Honda', model: 'Civic' }] }, TODAY)).toEqual({
      'vehicles.1.vin': 'vinDuplicate',
    });
  });

  it('refuses a VIN for another year of the same make, and one for another make of the same year', () => {
    const sameMakeOtherYear = { ...GOOD, vehicles: [{ vin: '1HGCM82633A004352' }, { vin: RAV4_VIN }] };
    expect(identificationProblems(sameMakeOtherYear, ANSWERS, APPLICATION, TODAY)).toEqual({ 'vehicles.0.vin': 'vinMismatch' });
    const otherMakeSameYear = { ...GOOD, vehicles: [{ vin: CIVIC_VIN }, { vin: RAV4_VIN }] };
    expect(identificationProblems(otherMakeSameYear, ANSWERS, { ...APPLICATION, vehicles: [{ ...RAV4, make: 'Subaru' }] }, TODAY)).toEqual({
      'vehicles.1.vin': 'vinMismatch',
    });
  });

  it('wants exactly one entry per car and per driver', () => {
    expect(identificationProblems({ vehicles: [{ vin: CIVIC_VIN }], drivers: GOOD.drivers }, ANSWERS, APPLICATION, TODAY)).toEqual({ vehicles: 'invalid' });
    expect(identificationProblems({ vehicles: GOOD.vehicles }, ANSWERS, APPLICATION, TODAY)).toEqual({ drivers: 'invalid' });
  });

  it("keeps a driver's license on file when the number is left empty and the state is the same", () => {
    const application = { ...APPLICATION, identification: { licenses: savedLicenses(GOOD, ANSWERS, APPLICATION) } };
    const keep = { ...GOOD, drivers: [{ state: 'AZ' }, { state: 'TX', number: '' }] };
    expect(identificationProblems(keep, ANSWERS, application, TODAY)).toEqual({});
    expect(savedLicenses(keep, ANSWERS, application).map((l) => l.number)).toEqual(['D12345678', '12345678']);
    expect(identificationProblems({ ...GOOD, drivers: [{ state: 'IL' }, { state: 'TX' }] }, ANSWERS, application, TODAY)).toEqual({
      'drivers.0.number': 'required',
    });
  });

  it('stores numbers tidied, each with whose it is', () => {
    expect(savedLicenses({ ...GOOD, drivers: [{ state: 'AZ', number: 'd1234-5678' }, GOOD.drivers[1]] }, ANSWERS, APPLICATION)[0]).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      birthDate: '1988-04-12',
      state: 'AZ',
      number: 'D12345678',
    });
  });
});

describe('The application step', () => {
  const identified = (application: Application, answers = ANSWERS) => ({
    answers: { ...answers, vehicle: { ...answers.vehicle!, vin: CIVIC_VIN } },
    application: {
      ...application,
      vehicles: application.vehicles?.map((v) => ({ ...v, vin: RAV4_VIN })),
      identification: { licenses: savedLicenses(GOOD, ANSWERS, APPLICATION) },
    },
  });

  it('asks the identification after the cars, and the history after it', () => {
    expect(nextApplicationSection(APPLICATION, ANSWERS)).toBe('identification');
    const done = identified(APPLICATION);
    expect(identificationComplete(done.answers, done.application, TODAY)).toBe(true);
    expect(nextApplicationSection(done.application, done.answers)).toBe('history');
  });

  it('comes back to the identification for a quote saved before it, with the history done', () => {
    expect(nextApplicationSection({ ...APPLICATION, history: { priorInsurance: 'over-3-years' } }, ANSWERS)).toBe('identification');
  });

  it('comes back to it when a driver or a car is added, or a driver renamed', () => {
    const done = identified(APPLICATION);
    const newDriver = { ...done.application, drivers: [LUIS, { ...LUIS, firstName: 'Sofía', birthDate: '2004-01-01', relationship: 'child' as const }] };
    expect(identificationComplete(done.answers, newDriver, TODAY)).toBe(false);
    const newCar = { ...done.application, vehicles: [...done.application.vehicles!, { year: 2016, make: 'Toyota', model: 'Camry' }] };
    expect(identificationComplete(done.answers, newCar, TODAY)).toBe(false);
    expect(identificationComplete({ ...done.answers, driver: { ...ANA, lastName: 'Pérez' } }, done.application, TODAY)).toBe(false);
  });

  it('takes a masked license (as pages see it) as on file, and a quote view done when the row is', () => {
    const done = identified(APPLICATION);
    expect(identificationComplete(done.answers, maskedApplication(done.application), TODAY)).toBe(true);
    expect(nextApplicationSection({ ...maskedApplication(done.application), history: { priorInsurance: 'none' } }, done.answers)).toBeUndefined();
  });

  it('finds a license kept with a bad number incomplete, so it is asked again', () => {
    const done = identified(APPLICATION);
    const licenses = done.application.identification.licenses.map((l) => ({ ...l, number: 'D1' }));
    expect(identificationComplete(done.answers, { ...done.application, identification: { licenses } }, TODAY)).toBe(false);
  });
});

describe(maskedApplication.name, () => {
  it('shows no license number whole', () => {
    const application = { ...APPLICATION, identification: { licenses: savedLicenses(GOOD, ANSWERS, APPLICATION) } };
    const shown = JSON.stringify(maskedApplication(application));
    expect(shown).not.toContain('D12345678');
    expect(shown).not.toContain('12345678"');
    expect(maskedApplication(application).identification!.licenses.map((l) => l.number)).toEqual(['••••5678', '••••5678']);
  });
});
