/**
 * Our Spanish is for customers in the United States: dollars and thousands as they are written
 * there ("$1,200.50", as in es-US), not as in Spain ("1200,50 US$").
 */
export function numberLocale(locale: string): string {
  return locale === 'es' ? 'es-US' : locale;
}

/**
 * Formatters made once per kind and locale: making an Intl formatter costs far more than using
 * one, and My account's server render wrote hundreds of days and amounts (issue 29).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string, make: (locale: string) => F): F {
  const key = `${kind}/${locale}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make(numberLocale(locale))));
  return made;
}

/** Dollars and cents: "$42.50". */
export function formatCents(cents: number, locale: string): string {
  return formatter('cents', locale, (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' })).format(cents / 100);
}

/** A per-mile rate in tenths of a cent, as cents: "6.5¢". */
export function formatMills(mills: number, locale: string): string {
  return `${formatter('mills', locale, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 })).format(mills / 10)}¢`;
}

/** A signed change, for a breakdown line: "+$3.20", "−$1.10", "+0.4¢". */
export function formatChange(value: number, format: (value: number, locale: string) => string, locale: string): string {
  if (value === 0) return format(0, locale);
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value), locale)}`;
}

export function formatNumber(value: number, locale: string): string {
  return formatter('number', locale, (l) => new Intl.NumberFormat(l)).format(value);
}

/** A calendar day ("YYYY-MM-DD") written out: "November 22, 2026", "22 de noviembre de 2026". */
export function formatDay(day: string, locale: string): string {
  return formatter('day', locale, (l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day, short, for a chart's axis: "Nov 22", "22 nov". */
export function formatShortDay(day: string, locale: string): string {
  return formatter('short-day', locale, (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The day an instant fell on where it is read (the browser's own zone, or `timeZone`): "November 22, 2026". */
export function formatInstantDay(instant: string, locale: string, timeZone?: string): string {
  return formatter(`instant-day ${timeZone ?? ''}`, locale, (l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone })).format(new Date(instant));
}
