import type { Locale } from '../../shared/locale';

export type Namespace = Record<string, unknown>;

/** "../locales/es/home.json" → { locale: "es", namespace: "home" }. */
export function parseLocaleFilePath(path: string): { locale: Locale; namespace: string } {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) throw new Error(`Not a locale file: ${path}`);
  return { locale: match[1] as Locale, namespace: match[2] };
}
