import { stateDay } from '../../shared/dates/state-day';
import { KEPT_CARDS_CACHE } from './offline-names';
import type { PolicyView } from '../../shared/policy/policy-model';

/**
 * The ID cards kept on the customer's device for use offline (issue 27), read and written by the
 * service worker and by the page. One cache holds them all: each card's PDF under its own API
 * address, and the list of them (whose they are, until when) under INDEX. Dropping the cache
 * drops everything at once, whichever tab or worker does it.
 */
export { KEPT_CARDS_CACHE };
/** The list of kept cards, in the same cache (an address no server route answers). */
export const KEPT_CARDS_INDEX = '/offline-card/kept.json';

/** A kept card: what the offline page shows of it, and the last day it is proof of insurance. */
export interface KeptCard {
  policyId: string;
  number: string;
  state: string;
  cars: string[];
  /** YYYY-MM-DD in the policy's state: the last day of cover (the term's end, or a cancellation's last day). */
  lastDay: string;
}

export interface KeptCards {
  /** The user the cards are of (GET /api/session's userId when they were kept). */
  owner: string;
  /** When they were kept (ISO). */
  keptAt: string;
  cards: KeptCard[];
}

/** The address a policy's kept ID card is stored under: the API's own, so the link works online too. */
export function cardPath(policyId: string): string {
  return `/api/policies/${encodeURIComponent(policyId)}/documents/id-card.pdf`;
}

/** The policy id of an ID card's address, or undefined for any other. */
export function policyIdOfCardPath(pathname: string): string | undefined {
  return /^\/api\/policies\/([^/]+)\/documents\/id-card\.pdf$/.exec(pathname)?.[1];
}

/**
 * The last day a policy's ID card is proof of insurance, or undefined when it is not today: the
 * server's rule (PoliciesService.document, ProofOfInsurance.inForce): bound, not expired, a
 * cancelled one until its last covered day, an active one until its term ends (a renewal moves
 * the term, and the card is kept anew on the next visit to My Account).
 */
export function lastDayOfProof(policy: Pick<PolicyView, 'status' | 'state' | 'cancellationDate' | 'termEndDate'>, now: Date): string | undefined {
  const today = stateDay(now, policy.state);
  if (policy.status === 'pending-confirmation' || policy.status === 'expired') return undefined;
  const lastDay = policy.cancellationDate && policy.cancellationDate < policy.termEndDate ? policy.cancellationDate : policy.termEndDate;
  if (policy.status === 'cancelled' && !policy.cancellationDate) return undefined;
  return lastDay >= today ? lastDay : undefined;
}

/** Whether a kept card is still proof of insurance at `now` on its state's calendar. */
export function stillValid(card: Pick<KeptCard, 'state' | 'lastDay'>, now: Date): boolean {
  return card.lastDay >= stateDay(now, card.state);
}

/** The kept list, or undefined when nothing is kept (the cache is never made just to look). */
export async function readKeptCards(storage: CacheStorage): Promise<KeptCards | undefined> {
  if (!(await storage.has(KEPT_CARDS_CACHE))) return undefined;
  const answer = await (await storage.open(KEPT_CARDS_CACHE)).match(KEPT_CARDS_INDEX);
  return answer ? ((await answer.json()) as KeptCards) : undefined;
}

/** Drops every kept card. */
export async function dropKeptCards(storage: CacheStorage): Promise<void> {
  await storage.delete(KEPT_CARDS_CACHE);
}
