export const LOCALES = ['en-US', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** The URL prefix of each locale's pages: English at the root, Spanish under /es. */
export const LOCALE_PREFIX: Record<Locale, string> = { 'en-US': '', es: '/es' };

/**
 * Spec §3: a lowercase string maps to one of the locales, otherwise to nothing.
 * "en-us" and "en" are English, "es" is Spanish; anything else (or any capital) is undefined.
 */
export function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value || value !== value.toLowerCase()) return undefined;
  if (value === 'en-us' || value === 'en') return 'en-US';
  if (value === 'es') return 'es';
  return undefined;
}

/** A `?locale=` value as one of our locales, spelled exactly ("en-US", "es"), or undefined. */
export function exactLocale(value: string | undefined): Locale | undefined {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : undefined;
}

/** The locale a path belongs to, and the path without its locale prefix. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/es' || pathname.startsWith('/es/')) {
    return { locale: 'es', path: pathname.slice(3) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** A locale-free path as it is reached in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
