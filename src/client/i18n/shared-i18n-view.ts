import type { i18n } from 'i18next';

type FixedT = (key: unknown, options?: unknown, ...rest: unknown[]) => string;

/**
 * What the server gives react-i18next in place of an i18next instance that every request shares.
 *
 * - It inherits everything from the instance and owns one property: useTranslation copies every
 *   own property of what it is given into a fresh wrapper on each call (42 of them for an
 *   instance, since i18next binds its methods to itself), and on the server every render is a
 *   first render.
 * - Its getFixedT hands out one translate function per language, namespace and prefix, kept,
 *   whose common call (a string key, options or none) skips i18next's copy of its whole options
 *   object into each call's options, which only key selectors (functions) read, and which keeps
 *   the text of a key asked for without options (the same for every visitor: it holds no
 *   interpolated value). Together these were the largest part of a signed-in page's render after
 *   React's own work. Any other call goes to i18next's own function unchanged.
 */
export function sharedI18nView(instance: i18n): i18n {
  const fixed = new Map<string, FixedT>();
  const separator = instance.options.keySeparator || '.';
  const getFixedT = (lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: unknown, fixedOptions?: unknown): FixedT => {
    const cacheKey = typeof lng === 'string' && (keyPrefix === undefined || typeof keyPrefix === 'string') ? keyOf(lng, ns, keyPrefix, fixedOptions) : undefined;
    const known = cacheKey && fixed.get(cacheKey);
    if (known) return known;
    const original = (instance.getFixedT as unknown as (...args: unknown[]) => FixedT)(lng, ns, keyPrefix, fixedOptions);
    if (cacheKey === undefined) return original;
    // A key asked for without options always gives the same text: kept (locale texts only).
    const plain = new Map<string, string>();
    const t: FixedT = (key, options, ...rest) => {
      if (typeof key !== 'string' || (options !== undefined && (typeof options !== 'object' || options === null)) || rest.length > 0) return original(key, options, ...rest);
      if (options === undefined) {
        const known = plain.get(key);
        if (known !== undefined) return known;
      }
      // What i18next's fixedT does for these arguments, without the options copy.
      const o: Record<string, unknown> = { ...(options) };
      o.lng = o.lng || lng;
      o.lngs = o.lngs || undefined;
      o.ns = o.ns || ns;
      if (o.keyPrefix !== '') o.keyPrefix = o.keyPrefix || keyPrefix;
      if (typeof o.keyPrefix === 'function') return original(key, options);
      const text = (instance.t as (key: string, options: object) => string)(o.keyPrefix ? `${o.keyPrefix as string}${separator}${key}` : key, o);
      // Bounded: a key built from a value (a code, a state) the server never validated must not
      // grow a long-lived server's memory; past the bound, texts are looked up as before.
      if (options === undefined && typeof text === 'string' && plain.size < MAX_KEPT_TEXTS) plain.set(key, text);
      return text;
    };
    Object.assign(t, { lng, ns, keyPrefix });
    fixed.set(cacheKey, t);
    return t;
  };
  const view = Object.create(instance) as i18n;
  Object.defineProperty(view, 'getFixedT', { value: getFixedT, enumerable: true });
  return view;
}

/** More than any one namespace of our locale files holds. */
const MAX_KEPT_TEXTS = 5000;

/** The map key of one getFixedT call; undefined when its arguments are not plain (then not kept). */
function keyOf(lng: string, ns: unknown, keyPrefix: string | undefined, fixedOptions: unknown): string | undefined {
  const names = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join(',') : undefined);
  const scope = fixedOptions === undefined ? '' : names((fixedOptions as { scopeNs?: unknown }).scopeNs);
  const namespaces = ns === undefined || ns === null ? '' : names(ns);
  if (scope === undefined || namespaces === undefined) return undefined;
  if (fixedOptions !== undefined && Object.keys(fixedOptions as object).some((k) => k !== 'scopeNs')) return undefined;
  return `${lng}|${Array.isArray(ns) ? '[' : ''}${namespaces}|${keyPrefix ?? ''}|${scope}`;
}
