import { redactText, redactValue } from './redact-text';

describe(redactText.name, () => {
  it('replaces card-like numbers, grouped or not', () => {
    expect(redactText('card 4242 4242 4242 4242 declined')).toBe('card [redacted] declined');
    expect(redactText('pan=4000000000000002')).toBe('pan=[redacted]');
  });

  it('replaces secret values named in the text and keeps the rest', () => {
    expect(redactText('GET /magic-link#code=abc123&email=x, token=zzz')).toBe('GET /magic-link#code=[redacted]&email=x, token=[redacted]');
  });

  it('leaves ordinary messages alone', () => {
    expect(redactText('[quote] step 3 of 6 saved in 120 ms')).toBe('[quote] step 3 of 6 saved in 120 ms');
  });
});

describe(redactValue.name, () => {
  it('redacts strings and card-like numbers inside objects, keeping them valid', () => {
    expect(redactValue({ status: 401, pan: 4242424242424242, nested: { note: 'token=abc' } })).toEqual({
      status: 401,
      pan: '[redacted]',
      nested: { note: 'token=[redacted]' },
    });
  });
});
