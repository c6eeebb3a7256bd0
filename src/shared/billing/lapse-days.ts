import { addDays } from '../dates/iso-day';

/** Days without cover (inclusive) between a cancellation and its reinstatement. */
export interface LapseDays {
  from: string;
  to: string;
}

/**
 * The days a lapse leaves without cover (issue 26): from the first day the cancellation ended
 * cover to the day before the reinstatement. The reinstatement's own day is billed as covered:
 * cover resumes that day (docs/decisions.md, "Reinstatement"). A policy reinstated the day its
 * cover ended has none.
 */
export function lapseDays(gaps: { fromDate: string; toDate: string }[]): LapseDays[] {
  return gaps.map((gap) => ({ from: gap.fromDate, to: addDays(gap.toDate, -1) })).filter((lapse) => lapse.from <= lapse.to);
}

/** The lapses' days within from..to. */
export function lapsesWithin(lapses: LapseDays[], from: string, to: string): LapseDays[] {
  return lapses.map((lapse) => ({ from: lapse.from > from ? lapse.from : from, to: lapse.to < to ? lapse.to : to })).filter((lapse) => lapse.from <= lapse.to);
}

/** Each stretch with the lapses' days taken out (a stretch a lapse cuts becomes two; one it covers, none). */
export function coveredParts<S extends { from: string; to: string }>(stretches: S[], lapses: LapseDays[]): S[] {
  return stretches.flatMap((stretch) => {
    const parts: S[] = [];
    let start = stretch.from;
    for (const lapse of lapsesWithin(lapses, stretch.from, stretch.to).sort((a, b) => (a.from < b.from ? -1 : 1))) {
      if (lapse.from > start) parts.push({ ...stretch, from: start, to: addDays(lapse.from, -1) });
      start = addDays(lapse.to, 1);
    }
    if (start <= stretch.to) parts.push({ ...stretch, from: start, to: stretch.to });
    return parts;
  });
}
