import { cardBrandName } from './card-brands';

describe(cardBrandName.name, () => {
  it.each([
    ['visa', 'Visa'],
    ['VISA', 'Visa'],
    ['amex', 'American Express'],
    ['mastercard', 'Mastercard'],
  ])('writes %s as the network writes it: %s', (brand, name) => {
    expect(cardBrandName(brand)).toBe(name);
  });

  it.each([[''], [null], ['unknown'], ['maestro-x']])('names no brand for %p', (brand) => {
    expect(cardBrandName(brand)).toBeUndefined();
  });
});
