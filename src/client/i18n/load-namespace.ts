import { parseLocaleFilePath, type Namespace } from './locale-files';
import type { Locale } from '../../shared/locale';
import type { i18n } from 'i18next';

// Each namespace of each locale is its own small chunk, fetched when a page first needs it.
const loaders = import.meta.glob<Namespace>('../locales/*/*.json', { import: 'default' });
const byKey = new Map(
  Object.entries(loaders).map(([path, load]) => {
    const { locale, namespace } = parseLocaleFilePath(path);
    return [`${locale}/${namespace}`, load] as const;
  }),
);

/** Adds a namespace of the instance's locale to it, unless it is there already. */
export async function loadNamespace(instance: i18n, namespace: string): Promise<void> {
  const locale = instance.language as Locale;
  if (instance.hasResourceBundle(locale, namespace)) return;
  const load = byKey.get(`${locale}/${namespace}`);
  if (!load) return;
  instance.addResourceBundle(locale, namespace, await load(), true, true);
}
