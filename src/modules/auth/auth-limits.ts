import { HOUR, MINUTE, rule } from '../rate-limit';
import type { RateRule } from '../rate-limit';

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

export const linkRequestsByIp = (ip: string): RateRule[] => [rule(`magic-link:ip:${ip}`, AUTH_LIMITS.linksPerIpPerHour, HOUR)];

export const linksByEmail = (email: string): RateRule[] => [
  rule(`magic-link:email-minute:${email.toLowerCase()}`, AUTH_LIMITS.linksPerEmailPerMinute, MINUTE),
  rule(`magic-link:email-hour:${email.toLowerCase()}`, AUTH_LIMITS.linksPerEmailPerHour, HOUR),
];

export const exchangesByIp = (ip: string): RateRule[] => [rule(`exchange:ip:${ip}`, AUTH_LIMITS.exchangesPerIpPer10Minutes, 10 * MINUTE)];
