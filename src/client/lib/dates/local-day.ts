/**
 * Today in the visitor's own time zone (YYYY-MM-DD). A date input speaks local days, and a
 * customer in Arizona at 6 pm is still on the day the server (UTC) has already left behind;
 * the server allows a day's grace for that.
 */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `day` is a YYYY-MM-DD date from `first` to `last`, both included. */
export function dayWithin(day: string, first: string, last: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= first && day <= last;
}
