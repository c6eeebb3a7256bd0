/** An instant as the admin screens show it: date and time, in the reader's language and time zone. */
export function formatDateTime(instant: string | null, locale: string): string {
  if (!instant) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
}

/** A day picked in a date field (the reader's own day) as the instant it starts. */
export function dayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** The instant the day after `day` starts: the end (exclusive) of a range that includes `day`. */
export function dayEnd(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}
