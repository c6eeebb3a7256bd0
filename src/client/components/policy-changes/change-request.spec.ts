import { SAMPLE_POLICY } from '../../../../test/support/policy-fixture';
import { ApiError } from '../../lib/api/api-client';
import { addedDriverIncidents, carVinMismatch, changeRequest, failureKey, formFieldsOf, incidentProblemsOf, initialValues, withVin } from './change-request';

describe(changeRequest.name, () => {
  it('sends a car with its VIN in capitals and its year as a number', () => {
    expect(changeRequest('add-vehicle', '2026-12-10', { vin: ' 1hgcm82633a004352 ', year: '2003', make: 'Honda', model: 'Accord' }, SAMPLE_POLICY)).toEqual({
      kind: 'add-vehicle',
      effectiveDate: '2026-12-10',
      vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' },
    });
  });

  it('keeps the rest of the coverage, and names the package by what it covers', () => {
    const values = { ...initialValues('coverage', SAMPLE_POLICY), comprehensiveDeductible: 'none', collisionDeductible: 'none' };
    const request = changeRequest('coverage', '2026-12-10', values, SAMPLE_POLICY);
    expect(request.coveragePackage).toBe('liability');
    expect(request.coverage).toMatchObject({
      liability: '100/300/100',
      uninsuredMotorist: '100/300',
      rental: '30/900',
      roadside: true,
      collisionDeductible: null,
    });
    const raised = changeRequest('coverage', '2026-12-10', { ...initialValues('coverage', SAMPLE_POLICY), liability: '250/500/250' }, SAMPLE_POLICY);
    expect(raised).toMatchObject({ coveragePackage: 'full', coverage: { liability: '250/500/250', comprehensiveDeductible: 500 } });
  });

  it('leaves out an empty second address line, and a number typed with letters is not a number', () => {
    expect(changeRequest('address', '2026-12-10', { line1: '1 E Congress St', line2: ' ', city: 'Tucson', zip: '85701' }, SAMPLE_POLICY).address).toEqual({
      line1: '1 E Congress St',
      city: 'Tucson',
      zip: '85701',
    });
    expect(changeRequest('add-vehicle', '2026-12-10', { year: '20o3' }, SAMPLE_POLICY).vehicle!.year).toBeNaN();
  });
});

describe(failureKey.name, () => {
  const failure = (status: number, code?: string, fields?: Record<string, string>) =>
    new ApiError(status, { success: false, error: { message: 'x', code: code as never, ...(fields ? { fields } : {}) } });

  it('words each refusal by its code, and marks the fields the server named', () => {
    expect(failureKey(failure(422, 'CHANGE_STATE_NOT_SOLD'))).toBe('stateNotSold');
    expect(failureKey(failure(409, 'CHANGE_OUT_OF_DATE'))).toBe('outOfDate');
    expect(failureKey(failure(500))).toBe('failed');
    expect(formFieldsOf(failure(400, 'INVALID_INPUT', { 'vehicle.vin': 'bad', 'driver.license.number': 'bad', other: 'x' }))).toEqual(['vin', 'licenseNumber']);
  });

  it("names whose licence is missing, and staff's proposals refused for now (issue 30)", () => {
    const refused = (agent: string) =>
      new ApiError(403, {
        success: false,
        error: { message: 'x', code: 'AGENT_NOT_LICENSED_IN_STATE', extra: { state: 'IL', licensedStates: ['AZ'], agent } },
      });
    expect(failureKey(refused('acting'))).toBe('notLicensed');
    expect(failureKey(refused('of-record'))).toBe('agentOfRecordNotLicensed');
    expect(failureKey(failure(429, 'TOO_MANY_REQUESTS'))).toBe('tooManyProposals');
  });
});

describe(addedDriverIncidents.name, () => {
  it('asks yes or no first, then checks each incident by the quote’s rules under the driver’s path', () => {
    expect(addedDriverIncidents(undefined, '2026-11-25')).toEqual({ incidents: [], problems: { 'driver.incidents.any': 'required' } });
    expect(addedDriverIncidents([], '2026-11-25')).toEqual({ incidents: [], problems: {} });
    const incidents = [
      { type: 'accidents' as const, date: '2026-12-01' },
      { type: 'claims' as const, date: '2023-11-24' },
      { type: 'violations' as const, date: '2023-11-25' },
    ];
    expect(addedDriverIncidents(incidents, '2026-11-25').problems).toEqual({
      'driver.incidents.0.date': 'future',
      'driver.incidents.1.date': 'olderThanLookback',
    });
  });

  it('sends the incidents with the driver, and reads the server’s incident problems back (a DTO refusal as invalid)', () => {
    const values = {
      firstName: 'Luis',
      lastName: 'Ruiz',
      birthDate: '2000-01-01',
      relationship: 'child',
      yearsLicensed: '5',
      licenseState: 'AZ',
      licenseNumber: 'D1',
    };
    const accident = [{ type: 'accidents' as const, date: '2026-01-02' }];
    expect(changeRequest('add-driver', '2026-12-10', values, SAMPLE_POLICY, accident).driver!.incidents).toEqual(accident);
    const refused = new ApiError(400, {
      success: false,
      error: {
        message: 'x',
        code: 'INVALID_INPUT',
        fields: { 'driver.incidents.0.type': 'bad', 'driver.incidents.1.date': 'future', 'driver.firstName': 'x' },
        extra: { problems: { 'driver.incidents.1.date': 'future' } },
      },
    });
    expect(incidentProblemsOf(refused)).toEqual({ 'driver.incidents.0.type': 'invalid', 'driver.incidents.1.date': 'future' });
  });
});

describe(withVin.name, () => {
  it('fills the year and make once the VIN is whole and valid, as the quote reads them', () => {
    const typing = withVin({ year: '', make: '', model: 'Accord' }, '1hgcm82633a00435');
    expect(typing).toEqual({ vin: '1HGCM82633A00435', year: '', make: '', model: 'Accord' });
    expect(withVin(typing, '1HGCM82633A004352')).toEqual({ vin: '1HGCM82633A004352', year: '2003', make: 'Honda', model: 'Accord' });
  });

  it('keeps the make typed when the VIN does not name its maker', () => {
    expect(withVin({ vin: '', year: '2010', make: 'Jeep' }, '1C4RJFAG0FC625797')).toEqual({ vin: '1C4RJFAG0FC625797', year: '2015', make: 'Jeep' });
  });
});

describe(carVinMismatch.name, () => {
  it("gives the VIN's car when the year typed (four digits) or the make is another's", () => {
    const car = { vin: '1HGCM82633A004352', year: '2003', make: 'Honda', model: 'Accord' };
    expect(carVinMismatch(car)).toBeUndefined();
    expect(carVinMismatch({ ...car, year: '2005' })).toEqual({ year: 2003, make: 'Honda' });
    expect(carVinMismatch({ ...car, year: '20' })).toBeUndefined();
    expect(carVinMismatch({ ...car, make: 'Toyota' })).toEqual({ year: 2003, make: 'Honda' });
  });
});
