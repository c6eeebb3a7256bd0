import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../src/shared/locale';
import { PAGE_IDS } from '../../src/shared/site-map';

const LOCALE_DIR = path.resolve(__dirname, '../../src/client/locales');

function flatten(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function namespaces(locale: string): string[] {
  return fs
    .readdirSync(path.join(LOCALE_DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

function keysOf(locale: string, namespace: string): string[] {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, locale, `${namespace}.json`), 'utf8'))).sort();
}

function emptyValues(locale: string, namespace: string): string[] {
  const data = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, locale, `${namespace}.json`), 'utf8'));
  const empty: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') {
      if (value.trim() === '') empty.push(at);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, at ? `${at}.${key}` : key);
    }
  };
  walk(data, '');
  return empty;
}

describe('Locale files', () => {
  it('exist for the same namespaces in every locale', () => {
    const [first, ...rest] = LOCALES.map(namespaces);
    for (const other of rest) expect(other).toEqual(first);
  });

  it('have a namespace for every page and the shared "common" one', () => {
    expect(namespaces('en-US')).toEqual(expect.arrayContaining(['common', ...PAGE_IDS]));
  });

  it.each(namespaces('en-US'))('have the same keys in every locale for "%s"', (namespace) => {
    const expected = keysOf('en-US', namespace);
    for (const locale of LOCALES) expect(keysOf(locale, namespace)).toEqual(expected);
  });

  it.each(namespaces('en-US'))('have no empty text in "%s"', (namespace) => {
    for (const locale of LOCALES) expect(emptyValues(locale, namespace)).toEqual([]);
  });

  it('give every page a title and a description in every locale', () => {
    for (const locale of LOCALES) {
      const common = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, locale, 'common.json'), 'utf8'));
      for (const id of [...PAGE_IDS, 'not-found']) {
        expect(common.pages[id]).toEqual({ title: expect.any(String), description: expect.any(String) });
      }
    }
  });
});
