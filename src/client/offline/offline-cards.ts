import { dropKeptCards, KEPT_CARDS_CACHE, readKeptCards } from './kept-cards';
import type { SessionView } from '../../shared/app-state';
import type { OfflineCardsMessage } from './service-worker';

/**
 * The page's side of the ID card kept offline (issue 27; the worker is service-worker.ts). The
 * worker is registered by My Account when it has cards to keep (a customer with a policy), and
 * asked to keep the customer's current cards; logging out, or a session that is no longer the cards' owner's, drops them.
 * Nothing here is needed for a page to work: without service workers (an old browser, a page
 * not on a secure origin) it all does nothing.
 */

const WORKER = '/service-worker.js';

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined' && window.isSecureContext;
}

/**
 * Registers the site's service worker; never in development. Only where it has work: a visitor
 * with no policy has no card to keep, and every page's first code stays without the worker's
 * library (issue 17: Home's JavaScript before interaction). Once registered it serves every page
 * of the site, and the app installs from any of them.
 */
function registerOfflineWorker(): void {
  if (import.meta.env.DEV || !supported()) return;
  void import('workbox-window').then(({ Workbox }) => new Workbox(WORKER, { scope: '/' }).register()).catch(() => undefined);
}

async function tellWorker(message: OfflineCardsMessage): Promise<unknown> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const worker = registration?.active;
  if (!worker) return undefined;
  const { messageSW } = await import('workbox-window');
  return messageSW(worker, message);
}

/**
 * My Account, online: the worker keeps the customer's current ID cards (it reads whose they are
 * and which are valid from the API itself). Answers how many are kept; 0 without a worker.
 */
export async function keepIdCardsOffline(): Promise<number> {
  if (!supported() || !navigator.onLine) return 0;
  registerOfflineWorker();
  await navigator.serviceWorker.ready;
  const answer = (await tellWorker({ type: 'keep-id-cards' })) as { kept?: number } | undefined;
  return answer?.kept ?? 0;
}

/**
 * Logging out: the kept cards are dropped by the worker, then here. The worker first, and waited
 * for: it may be keeping them right now (My Account asked just before), and its drop comes after
 * that keep in its queue. Dropped here at the same time, the keep could write them again after,
 * and an offline page opened in between showed the last customer's card to the next (the
 * "customer B after A" browser case). Here as well for a page with no worker.
 */
export async function dropIdCardsOffline(): Promise<void> {
  if (!supported()) return;
  await tellWorker({ type: 'drop-id-cards' }).catch(() => undefined);
  await dropKeptCards(caches).catch(() => undefined);
}

/**
 * The session as the server just told it: signed out, staff, or another customer than the one
 * whose cards are kept (signed out elsewhere, in another tab, or by the session's end), and the
 * kept cards are dropped.
 */
export async function followSession(session: SessionView | null): Promise<void> {
  if (!supported()) return;
  const customer = session?.userId && !session.onBehalf && !session.role ? session.userId : undefined;
  try {
    if (!(await caches.has(KEPT_CARDS_CACHE))) return;
    const kept = await readKeptCards(caches);
    if (!customer || kept?.owner !== customer) await dropIdCardsOffline();
  } catch {
    // Storage the browser refuses (a private window's quota): nothing was kept either.
  }
}
