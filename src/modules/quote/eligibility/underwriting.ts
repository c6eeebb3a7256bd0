import { lookbackStart } from '../../../shared/quote/quote-validation';
import type { RatingDriver } from '../rating/rating-types';

/**
 * The most a driver may have had in the three years before the rating date and still be quoted
 * online. Beyond them a price would run to many hundreds of dollars a month (docs/pricing.md,
 * "At the extremes"), and an insurer of careful drivers refers such a risk rather than prices it.
 */
export const UNDERWRITING_LIMITS = { accidents: 2, incidents: 4 } as const;

export type DeclineReason = 'too-many-accidents' | 'too-many-incidents';

/**
 * Why we do not quote these drivers online, or undefined when we do. Counts, like the rating,
 * only incidents from the look-back start up to the rating date; asked before rating, so that
 * more incidents can turn a price into a decline but never make it cheaper.
 */
export function declineReason(drivers: Pick<RatingDriver, 'incidents'>[], ratingDate: string): DeclineReason | undefined {
  const earliest = lookbackStart(ratingDate);
  for (const driver of drivers) {
    const counted = driver.incidents.filter((i) => i.date >= earliest && i.date <= ratingDate);
    if (counted.filter((i) => i.type === 'accidents').length > UNDERWRITING_LIMITS.accidents) return 'too-many-accidents';
    if (counted.length > UNDERWRITING_LIMITS.incidents) return 'too-many-incidents';
  }
  return undefined;
}
