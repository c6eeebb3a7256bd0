import type { RateRule } from '../rate-limit/rate-limiter.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The sign-in limits of issue 3, in one place. */
export const AUTH_LIMITS = {
  linksPerIpPerHour: 20,
  linksPerEmailPerMinute: 1,
  linksPerEmailPerHour: 5,
  exchangesPerIpPer10Minutes: 30,
  codeLifetimeMs: 15 * MINUTE,
  appCodeLifetimeMs: 5 * MINUTE,
  longestWindowMs: HOUR,
};

export const linkRequestsByIp = (ip: string): RateRule[] => [
  { bucket: `magic-link:ip:${ip}`, limit: AUTH_LIMITS.linksPerIpPerHour, windowMs: HOUR },
];

export const linksByEmail = (email: string): RateRule[] => [
  { bucket: `magic-link:email-minute:${email.toLowerCase()}`, limit: AUTH_LIMITS.linksPerEmailPerMinute, windowMs: MINUTE },
  { bucket: `magic-link:email-hour:${email.toLowerCase()}`, limit: AUTH_LIMITS.linksPerEmailPerHour, windowMs: HOUR },
];

export const exchangesByIp = (ip: string): RateRule[] => [
  { bucket: `exchange:ip:${ip}`, limit: AUTH_LIMITS.exchangesPerIpPer10Minutes, windowMs: 10 * MINUTE },
];
