import type { RateRule } from './rate-limiter.service';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** At most `limit` hits counted in `bucket` within `windowMs`: how every feature's limits are written. */
export const rule = (bucket: string, limit: number, windowMs: number): RateRule => ({ bucket, limit, windowMs });
