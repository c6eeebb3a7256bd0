import { cardBrand, cardNumberProblem, cvcProblem, expiryProblem, formatCardNumber, isExpired, luhnValid, parseExpiry, postalCodeProblem } from './card-number';

describe(luhnValid.name, () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '378282246310005', '5555555555554444', '6011111111111117', '0'])(
    'accepts %s',
    (digits) => expect(luhnValid(digits)).toBe(true),
  );

  it.each(['4242424242424241', '4000000000000003', '1234567812345678', '79927398710'])('refuses %s', (digits) => {
    expect(luhnValid(digits)).toBe(false);
  });

  it('refuses anything that is not all digits', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe(cardBrand.name, () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
    ['4', 'visa'],
  ])('names %s as %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe(cardNumberProblem.name, () => {
  it('accepts the test cards typed with spaces or dashes', () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeUndefined();
    expect(cardNumberProblem('4000-0000-0000-0002')).toBeUndefined();
    expect(cardNumberProblem('3782 822463 10005')).toBeUndefined();
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['4242 4242 4242 424x', 'format'],
    ['4242 4242 4242', 'length'],
    ['3782 8224 6310 0050', 'length'],
    ['4242 4242 4242 4241', 'luhn'],
  ])('says what is wrong with "%s": %s', (input, problem) => {
    expect(cardNumberProblem(input)).toBe(problem);
  });
});

describe(isExpired.name, () => {
  const now = new Date('2026-11-15T12:00:00Z');

  it('keeps a card good to the end of its expiry month', () => {
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(11, 26, now)).toBe(false);
    expect(isExpired(1, 2027, now)).toBe(false);
  });

  it('calls a card from an earlier month or year expired', () => {
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});

describe(parseExpiry.name, () => {
  it.each([
    ['12/30', { expMonth: 12, expYear: 2030 }],
    ['1 / 29', { expMonth: 1, expYear: 2029 }],
    ['0731', { expMonth: 7, expYear: 2031 }],
    ['07/2031', { expMonth: 7, expYear: 2031 }],
  ])('reads "%s"', (input, expiry) => {
    expect(parseExpiry(input)).toEqual(expiry);
  });

  it.each(['13/30', '00/30', '12/3', 'next year'])('refuses "%s"', (input) => {
    expect(parseExpiry(input)).toBeUndefined();
  });
});

describe(expiryProblem.name, () => {
  const now = new Date('2026-11-15T12:00:00Z');

  it('names a missing, malformed and past expiry', () => {
    expect(expiryProblem('', now)).toBe('required');
    expect(expiryProblem('14/30', now)).toBe('format');
    expect(expiryProblem('10/26', now)).toBe('past');
    expect(expiryProblem('11/26', now)).toBeUndefined();
  });
});

describe(cvcProblem.name, () => {
  it('asks four digits on American Express and three on the others', () => {
    expect(cvcProblem('123', 'visa')).toBeUndefined();
    expect(cvcProblem('1234', 'visa')).toBe('format');
    expect(cvcProblem('1234', 'amex')).toBeUndefined();
    expect(cvcProblem('123', 'amex')).toBe('format');
    expect(cvcProblem('', 'visa')).toBe('required');
  });
});

describe(postalCodeProblem.name, () => {
  it('accepts a ZIP or ZIP+4 and nothing else', () => {
    expect(postalCodeProblem('85004')).toBeUndefined();
    expect(postalCodeProblem('85004-1234')).toBeUndefined();
    expect(postalCodeProblem('8500')).toBe('format');
    expect(postalCodeProblem('')).toBe('required');
  });
});

describe(formatCardNumber.name, () => {
  it('groups digits as they are printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });
});
