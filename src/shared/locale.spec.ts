import { exactLocale, localizePath, splitLocalePath, toLocale } from './locale';

describe(toLocale.name, () => {
  it.each([
    ['en-us', 'en-US'],
    ['en', 'en-US'],
    ['es', 'es'],
  ])('maps the lowercase string %s to %s', (value, locale) => {
    expect(toLocale(value)).toBe(locale);
  });

  it.each(['EN-US', 'en-US', 'Es', 'fr', 'es-mx', '', null, undefined])('maps %p to nothing', (value) => {
    expect(toLocale(value)).toBeUndefined();
  });
});

describe(exactLocale.name, () => {
  it.each(['en-US', 'es'] as const)('takes %s as it is spelled', (value) => {
    expect(exactLocale(value)).toBe(value);
  });

  it.each(['en-us', 'en', 'ES', 'fr', '', undefined])('takes %p as no locale', (value) => {
    expect(exactLocale(value)).toBeUndefined();
  });
});

describe(splitLocalePath.name, () => {
  it.each([
    ['/', 'en-US', '/'],
    ['/quote', 'en-US', '/quote'],
    ['/es', 'es', '/'],
    ['/es/quote', 'es', '/quote'],
    ['/espanol', 'en-US', '/espanol'],
  ])('splits %s into %s and %s', (pathname, locale, path) => {
    expect(splitLocalePath(pathname)).toEqual({ locale, path });
  });
});

describe(localizePath.name, () => {
  it('prefixes Spanish paths and leaves English ones', () => {
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/about-us', 'es')).toBe('/es/about-us');
    expect(localizePath('/about-us', 'en-US')).toBe('/about-us');
  });
});
