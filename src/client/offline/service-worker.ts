/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { splitLocalePath, type Locale } from '../../shared/locale';
import { cardPath, dropKeptCards, KEPT_CARDS_CACHE, KEPT_CARDS_INDEX, lastDayOfProof, policyIdOfCardPath, readKeptCards, stillValid } from './kept-cards';
import { offlinePage } from './offline-page';
import type { SessionView } from '../../shared/app-state';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { KeptCard, KeptCards } from './kept-cards';

/**
 * The site's service worker (issue 27), built by vite-plugin-pwa (injectManifest) with Workbox.
 * It keeps exactly one thing: the signed-in customer's current ID cards, for use offline. No page
 * and no other API answer is ever kept: a page goes to the network, and only when the network
 * fails is the offline page (made here from the kept cards, in the address's language) answered.
 * The page messages it 'keep-id-cards' on My Account and 'drop-id-cards' on logging out.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

export type OfflineCardsMessage = { type: 'keep-id-cards' } | { type: 'drop-id-cards' };

// What a page sends as it is left (its batched browser logs, analytics) goes straight to the
// network, past this worker (the static routing API, Chrome 123+): a request intercepted after its
// page is gone may never be sent.
self.addEventListener('install', (event: ExtendableEvent) => {
  const routes = (event as ExtendableEvent & { addRoutes?: (rules: object[]) => Promise<void> }).addRoutes;
  if (routes)
    event.waitUntil(
      routes
        .call(
          event,
          ['/api/logs', '/api/a', '/api/a/*'].map((pathname) => ({ condition: { urlPattern: pathname }, source: 'network' })),
        )
        .catch(() => undefined),
    );
});
void self.skipWaiting();
clientsClaim();
enableNavigationPreload();
// The build's list: the icon the offline page shows, nothing of a customer's.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Counts drops: cards fetched before a drop are never written after it. */
let generation = 0;
/** Keeping and dropping run one at a time, in the order asked (two tabs may ask at once). */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

function drop(): Promise<void> {
  generation += 1;
  return inTurn(() => dropKeptCards(self.caches));
}

async function payloadOf<T>(path: string): Promise<T | undefined> {
  const answer = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
  if (!answer.ok) return undefined;
  return ((await answer.json()) as { payload: T }).payload;
}

function customerOf(session: SessionView | null | undefined): string | undefined {
  // Staff acting for a customer keep nothing of theirs on the staff member's device.
  return session?.userId && !session.onBehalf && !session.role ? session.userId : undefined;
}

/**
 * Keeps the signed-in customer's current ID cards, replacing whatever was kept (another
 * customer's included). Whose they are is the server's answer, not the page's word: the session is
 * read before and after, and a change between (another tab signed in or out) keeps nothing.
 */
async function keep(): Promise<number> {
  const started = generation;
  const owner = customerOf(await payloadOf<SessionView | null>('/api/session'));
  if (!owner) {
    await dropKeptCards(self.caches);
    return 0;
  }
  const policies = (await payloadOf<PolicyView[]>('/api/policies')) ?? [];
  const now = new Date();
  const cards: { card: KeptCard; pdf: Response }[] = [];
  for (const policy of policies) {
    const lastDay = lastDayOfProof(policy, now);
    if (!lastDay) continue;
    const answer = await fetch(cardPath(policy.id), { cache: 'no-store', credentials: 'same-origin' });
    if (!answer.ok) continue;
    // Opened in the browser's PDF viewer offline rather than saved again as a download.
    const headers = new Headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline', 'Cache-Control': 'no-store' });
    cards.push({
      card: { policyId: policy.id, number: policy.number, state: policy.state, cars: policy.vehicles.map((v) => `${v.year} ${v.make} ${v.model}`), lastDay },
      pdf: new Response(await answer.blob(), { status: 200, headers }),
    });
  }
  const after = customerOf(await payloadOf<SessionView | null>('/api/session'));
  if (after !== owner || generation !== started) {
    await dropKeptCards(self.caches);
    return 0;
  }
  await dropKeptCards(self.caches);
  if (cards.length === 0) return 0;
  const cache = await self.caches.open(KEPT_CARDS_CACHE);
  for (const { card, pdf } of cards) await cache.put(cardPath(card.policyId), pdf);
  const index: KeptCards = { owner, keptAt: now.toISOString(), cards: cards.map(({ card }) => card) };
  await cache.put(KEPT_CARDS_INDEX, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
  return cards.length;
}

/** The kept cards still valid now; those that stopped being valid are dropped on the way. */
async function validCards(): Promise<KeptCards | undefined> {
  const kept = await readKeptCards(self.caches);
  if (!kept) return undefined;
  const now = new Date();
  const valid = kept.cards.filter((card) => stillValid(card, now));
  if (valid.length === kept.cards.length) return kept;
  const cache = await self.caches.open(KEPT_CARDS_CACHE);
  for (const card of kept.cards.filter((c) => !valid.includes(c))) await cache.delete(cardPath(card.policyId));
  if (valid.length === 0) {
    await dropKeptCards(self.caches);
    return undefined;
  }
  const index: KeptCards = { ...kept, cards: valid };
  await cache.put(KEPT_CARDS_INDEX, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
  return index;
}

/** Drops one kept card (its cover ended), and everything when it was the last. */
async function forget(policyId: string): Promise<void> {
  const kept = await readKeptCards(self.caches);
  if (!kept?.cards.some((card) => card.policyId === policyId)) return;
  const cards = kept.cards.filter((card) => card.policyId !== policyId);
  if (cards.length === 0) return dropKeptCards(self.caches);
  const cache = await self.caches.open(KEPT_CARDS_CACHE);
  await cache.delete(cardPath(policyId));
  await cache.put(KEPT_CARDS_INDEX, new Response(JSON.stringify({ ...kept, cards }), { headers: { 'Content-Type': 'application/json' } }));
}

async function offlineAnswer(locale: Locale): Promise<Response> {
  return offlinePage(locale, await inTurn(validCards));
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as OfflineCardsMessage | undefined;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  if (message?.type === 'keep-id-cards') {
    event.waitUntil(
      inTurn(keep).then(
        (kept) => reply({ kept }),
        () => reply({ kept: 0 }),
      ),
    );
  } else if (message?.type === 'drop-id-cards') {
    event.waitUntil(drop().then(() => reply({ dropped: true })));
  }
});

// The offline card's own address, /offline-card and /es/offline-card: always the kept cards.
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && splitLocalePath(url.pathname).path === '/offline-card',
  ({ url }) => offlineAnswer(splitLocalePath(url.pathname).locale),
);

// An ID card: the server's when it answers (it decides who may read it); the kept copy when the
// network fails, only while it is still valid. One the server no longer gives is dropped.
registerRoute(
  ({ url }) => policyIdOfCardPath(url.pathname) !== undefined,
  async ({ request, url }) => {
    const policyId = decodeURIComponent(policyIdOfCardPath(url.pathname)!);
    try {
      const answer = await fetch(request);
      // Cover ended: that card is no longer proof. Signed out, or not this customer's: nothing
      // kept is for whoever uses the browser now.
      if (answer.status === 410) await inTurn(() => forget(policyId));
      else if (answer.status === 401 || answer.status === 403 || answer.status === 404) await drop();
      return answer;
    } catch {
      const kept = await inTurn(validCards);
      const pdf = kept?.cards.some((card) => card.policyId === policyId)
        ? await (await self.caches.open(KEPT_CARDS_CACHE)).match(cardPath(policyId))
        : undefined;
      if (pdf) return pdf;
      return request.mode === 'navigate' ? offlinePage(splitLocalePath(new URL(request.referrer || url).pathname).locale, kept) : Response.error();
    }
  },
);

// Logging out through the API drops the kept cards first, whichever page or tab asks.
registerRoute(
  ({ url }) => url.pathname === '/api/auth/sign-out',
  async ({ request }) => {
    await drop();
    return fetch(request);
  },
  'POST',
);

// Every other page: the network only (a signed-in page is never kept); offline, the offline page
// in the address's language instead of the browser's error page.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async ({ request }) => offlineAnswer(splitLocalePath(new URL(request.url).pathname).locale) }],
    }),
    { denylist: [/^\/api\//, /^\/dev\//] },
  ),
);
