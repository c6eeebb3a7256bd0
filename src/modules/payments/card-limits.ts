import type { RateRule } from '../rate-limit/rate-limiter.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

export const tokensByIp = (ip: string): RateRule[] => [{ bucket: `card-token:ip:${ip}`, limit: CARD_LIMITS.tokensPerIpPer10Minutes, windowMs: 10 * MINUTE }];

export const attemptsBy = (userId: string, ip: string): RateRule[] => [
  { bucket: `card-attempt:account:${userId}`, limit: CARD_LIMITS.attemptsPerAccountPerHour, windowMs: HOUR },
  { bucket: `card-attempt:ip:${ip}`, limit: CARD_LIMITS.attemptsPerIpPerHour, windowMs: HOUR },
];

/** The account's rule first: its count decides whether a reason is named. */
export const declinesBy = (userId: string, ip: string, fingerprint: string | null): RateRule[] => [
  { bucket: `card-decline:account:${userId}`, limit: CARD_LIMITS.declinesPerAccountPerHour, windowMs: HOUR },
  { bucket: `card-decline:ip:${ip}`, limit: CARD_LIMITS.declinesPerIpPerHour, windowMs: HOUR },
  ...(fingerprint ? [{ bucket: `card-decline:card:${fingerprint}`, limit: CARD_LIMITS.declinesPerCardPerHour, windowMs: HOUR }] : []),
];
