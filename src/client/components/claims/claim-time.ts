import type { Locale } from '../../../shared/locale';

/** "November 24, 2026, 5:30 PM" in the reader's language and time zone (or `timeZone`: useBrowserZone). */
export function formatClaimTime(iso: string, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}
