import { HOUR, MINUTE, rule } from '../rate-limit';
import type { RateRule } from '../rate-limit';

/**
 * The card-testing limits of issue 14 (finding 10), in one place. Every window is at most an
 * hour: the maintenance job prunes rate-limit hits older than that (AUTH_LIMITS.longestWindowMs).
 * A customer buys a policy or replaces a card a few times a year; a card tester tries dozens an
 * hour. See docs/decisions.md ("Hardening (issue 14): money") for why these numbers.
 */
export const CARD_LIMITS = {
  /** Card tokens made without signing in (the sandbox's stand-in for Stripe.js), per address. */
  tokensPerIpPer10Minutes: 30,
  /** Tries of a card (purchase, confirmation, saving a card), declined or not. */
  attemptsPerAccountPerHour: 10,
  attemptsPerIpPerHour: 30,
  /** Declines, after which every try is refused (429) until the oldest leaves the window. */
  declinesPerAccountPerHour: 5,
  declinesPerIpPerHour: 8,
  declinesPerCardPerHour: 3,
  /** Declines whose reason we name (expired, insufficient funds); after these, one generic answer. */
  namedDeclines: 2,
};

export const tokensByIp = (ip: string): RateRule[] => [rule(`card-token:ip:${ip}`, CARD_LIMITS.tokensPerIpPer10Minutes, 10 * MINUTE)];

export const attemptsBy = (userId: string, ip: string): RateRule[] => [
  rule(`card-attempt:account:${userId}`, CARD_LIMITS.attemptsPerAccountPerHour, HOUR),
  rule(`card-attempt:ip:${ip}`, CARD_LIMITS.attemptsPerIpPerHour, HOUR),
];

/** The account's rule first: its count decides whether a reason is named. */
export const declinesBy = (userId: string, ip: string, fingerprint: string | null): RateRule[] => [
  rule(`card-decline:account:${userId}`, CARD_LIMITS.declinesPerAccountPerHour, HOUR),
  rule(`card-decline:ip:${ip}`, CARD_LIMITS.declinesPerIpPerHour, HOUR),
  ...(fingerprint ? [rule(`card-decline:card:${fingerprint}`, CARD_LIMITS.declinesPerCardPerHour, HOUR)] : []),
];
