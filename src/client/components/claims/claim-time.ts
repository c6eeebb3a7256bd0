import type { Locale } from '../../../shared/locale';

/** "November 24, 2026, 5:30 PM" in the reader's language and time zone. */
export function formatClaimTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}
