import { SealedBox } from './sealed-box';

describe(SealedBox.name, () => {
  it('opens what it sealed, and the sealed text does not show the value', () => {
    const sut = new SealedBox(['a-secret-that-is-long-enough-for-tests-0001'], 'mail');
    const sealed = sut.seal({ link: 'https://x/magic-link#code=abc' });
    expect(sealed).not.toContain('abc');
    expect(sut.open(sealed)).toEqual({ link: 'https://x/magic-link#code=abc' });
  });

  it('still opens boxes sealed with the previous secret after a rotation', () => {
    const old = new SealedBox(['old-secret-that-is-long-enough-for-tests-01'], 'mail');
    const rotated = new SealedBox(['new-secret-that-is-long-enough-for-tests-01', 'old-secret-that-is-long-enough-for-tests-01'], 'mail');
    expect(rotated.open(old.seal('x'))).toBe('x');
  });

  it('refuses a box changed on the way, or sealed for another purpose', () => {
    const sut = new SealedBox(['a-secret-that-is-long-enough-for-tests-0001'], 'mail');
    // One character of the body changed: its first, whose six bits all count (a last character's
    // low bits are padding, so changing it could decode to the same bytes, once in 256 boxes).
    // Many boxes, as each has its own random bytes.
    for (let i = 0; i < 500; i++) {
      const box = sut.seal('value');
      const body = box.lastIndexOf('.') + 1;
      const tampered = box.slice(0, body) + (box[body] === 'A' ? 'B' : 'A') + box.slice(body + 1);
      expect(() => sut.open(tampered)).toThrow();
    }
    const sealed = sut.seal('value');
    expect(() => new SealedBox(['a-secret-that-is-long-enough-for-tests-0001'], 'other').open(sealed)).toThrow();
  });
});
