import { cardNumbersIn } from '../support/card-number-scan';

describe(cardNumbersIn.name, () => {
  it('finds a card number typed plainly, grouped, or in JSON', () => {
    expect(cardNumbersIn('pan 4242424242424242 end')).toEqual(['4242424242424242']);
    expect(cardNumbersIn('"number":"4242 4242 4242 4242"')).toEqual(['4242 4242 4242 4242']);
    expect(cardNumbersIn('x=4000-0000-0000-0002;')).toEqual(['4000-0000-0000-0002']);
  });

  it('passes over a chance Luhn-valid digit run inside a hex digest (a request hash seen in CI)', () => {
    expect(cardNumbersIn('9f2c52433970267632745ab0c3e1d8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1')).toEqual([]);
  });

  it('still reads a long run of digits alone, with no hex letter in it', () => {
    expect(cardNumbersIn('ref 4242424242424242 0000000000000000000000000000000000')).toEqual(['4242424242424242']);
  });
});
