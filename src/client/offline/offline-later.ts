/**
 * The ID card kept offline (offline-cards.ts), loaded only when it has work: following a session
 * when cards are kept, dropping them at log out (My Account registers the worker).
 * Every page's first code stays without it (issue 17: Home's JavaScript before interaction, 85 KB).
 */
import { KEPT_CARDS_CACHE } from './offline-names';
import type { SessionView } from '../../shared/app-state';

const load = () => import('./offline-cards');
const workers = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';

/** The session as the server told it: cards kept for anyone else are dropped (nothing is loaded when none are kept). */
export function followSessionLater(session: SessionView | null): void {
  if (!workers()) return;
  void caches
    .has(KEPT_CARDS_CACHE)
    .then((kept) => (kept ? load().then(({ followSession }) => followSession(session)) : undefined))
    .catch(() => undefined);
}

/** Logging out: the kept cards go first, whatever the server answers. */
export async function dropIdCardsOfflineLater(): Promise<void> {
  if (!workers()) return;
  await load()
    .then(({ dropIdCardsOffline }) => dropIdCardsOffline())
    .catch(() => undefined);
}
