import fs from 'node:fs';
import path from 'node:path';

/** The locales the browser specs run in, in the order their `describe.each` names them. */
export type TestLocale = 'en-US' | 'es';
const LOCALES: readonly TestLocale[] = ['en-US', 'es'];

const LOCALES_DIR = path.resolve(__dirname, '../../src/client/locales');
const namespaces = new Map<string, Record<string, unknown>>();

function namespaceOf(locale: TestLocale, namespace: string): Record<string, unknown> {
  const file = path.join(LOCALES_DIR, locale, `${namespace}.json`);
  let loaded = namespaces.get(file);
  if (!loaded) {
    loaded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    namespaces.set(file, loaded);
  }
  return loaded;
}

/**
 * One text of the site's locale files, named as the pages' `t()` calls name it:
 * "namespace:dotted.key" (src/client/locales/<locale>/<namespace>.json). A key the files do not
 * hold throws, so a renamed key fails the spec that reads it instead of asserting `undefined`.
 */
export function localeText(locale: TestLocale, key: string): string {
  const [namespace, dotted] = key.split(':');
  const text = dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], namespaceOf(locale, namespace));
  if (typeof text !== 'string') throw new Error(`No text ${key} in ${locale}'s locale files`);
  return text;
}

/**
 * A spec's TEXTS table in each locale, built once: `base` (a shared table, e.g. LOGIN_TEXTS), then
 * the texts the locale files hold, named by key, then `extra`, what the spec writes itself (texts
 * with values filled in, patterns, the path prefix). A later entry wins, as spreads do.
 */
export function localeTexts<
  Keys extends Record<string, string>,
  Base extends Record<TestLocale, object> = Record<TestLocale, object>,
  Extra extends object = object,
>(base: Base | undefined, keys: Keys, extra?: Record<TestLocale, Extra>): Record<TestLocale, Base[TestLocale] & { [name in keyof Keys]: string } & Extra> {
  type Texts = Base[TestLocale] & { [name in keyof Keys]: string } & Extra;
  const table = {} as Record<TestLocale, Texts>;
  for (const locale of LOCALES) {
    const fromFiles = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, localeText(locale, key)]));
    table[locale] = { ...base?.[locale], ...fromFiles, ...extra?.[locale] } as Texts;
  }
  return table;
}
