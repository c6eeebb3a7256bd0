import { useContext } from 'react';
import { I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

type Translation = ReturnType<typeof useReactI18nextTranslation>;

/** Per instance, the answer for each namespace and key prefix: the server never changes an instance's language or texts. */
const ANSWERS = new WeakMap<I18n, Map<string, Translation>>();

/**
 * react-i18next's `useTranslation` as a server render sees it. A server render is one pass with
 * every text already loaded, so nothing can change under it: the library's subscription, options
 * merge, namespace check and fresh instance wrapper for each call (15 % of a signed-in page's
 * render, issue 17) come to the same `t` each time, kept here per instance, namespace and prefix.
 * It is the same `t` react-i18next would hand out (`getFixedT` with the same arguments), so the
 * browser's first render, through the library, reads the same texts and hydration matches.
 */
function useServerTranslation(ns?: string | readonly string[], options?: { keyPrefix?: string }): Translation {
  const i18n = useContext(I18nContext)?.i18n;
  if (!i18n) throw new Error('useTranslation requires an I18nextProvider');
  let answers = ANSWERS.get(i18n);
  if (!answers) ANSWERS.set(i18n, (answers = new Map<string, Translation>()));
  const key = `${typeof ns === 'string' ? ns : (ns?.join(',') ?? '')}|${options?.keyPrefix ?? ''}`;
  let answer = answers.get(key);
  if (!answer) {
    const names = ns === undefined ? [i18n.options.defaultNS as string] : typeof ns === 'string' ? [ns] : [...ns];
    // As react-i18next calls it (i18next's own types know only three arguments).
    const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => TFunction;
    const t = getFixedT(i18n.language, names[0], options?.keyPrefix, { scopeNs: names });
    answer = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
    answers.set(key, answer);
  }
  return answer;
}

/** Our components' `useTranslation`: react-i18next's in the browser, a kept lookup on the server. */
export const useTranslation: typeof useReactI18nextTranslation =
  typeof window === 'undefined' ? (useServerTranslation as unknown as typeof useReactI18nextTranslation) : useReactI18nextTranslation;
