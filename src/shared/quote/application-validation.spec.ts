import { additionalDriversProblems, addressProblems } from './application-validation';

const QUOTE = { state: 'AZ', zip: '85004' };
const SPOUSE = {
  relationship: 'spouse' as const,
  firstName: 'Luis',
  lastName: 'García',
  birthDate: '1986-02-20',
  gender: 'male' as const,
  yearsLicensed: 20,
  incidents: [],
};

describe('Application rules', () => {
  it('take an address in Latin script with every accent', () => {
    expect(addressProblems({ line1: '12 Calle Peñasco', line2: 'Ático 3º', city: 'Đà Lạt', ...QUOTE }, QUOTE)).toEqual({});
  });

  it('refuse an address in another script, digits included, at each field', () => {
    expect(addressProblems({ line1: 'שדרות רוטשילד 1', line2: 'Apt ٣', city: 'تل أبيب', ...QUOTE }, QUOTE)).toEqual({
      'address.line1': 'notLatin',
      'address.line2': 'notLatin',
      'address.city': 'notLatin',
    });
  });

  it("refuse another driver's name in another script", () => {
    expect(
      additionalDriversProblems(
        [
          { ...SPOUSE, firstName: 'Łukasz' },
          { ...SPOUSE, firstName: 'Иван' },
        ],
        '2026-11-25',
      ),
    ).toEqual({ 'drivers.1.firstName': 'notLatin' });
  });
});
