/// <reference lib="dom" />
// Browser code: the loader below is sent to the page as its own source text.
/** The id of the inert template that holds the page's code until the first paint. */
export const PAGE_CODE_ID = 'page-code';

/** At the latest, the code starts this long after the page began to load, painted or not. */
const LATEST_START_MS = 3000;

/**
 * Runs in the page's <head> (sent as its own source text, so it refers to nothing outside
 * itself). Appends the page's code held in the template once the browser reports the first
 * contentful paint: at once in a tab opened in the background (no paint until shown) or a
 * browser without paint timing, and after `latestMs` whatever happens.
 *
 * Until the code has run, a form without its own `action` is not sent by the browser: its
 * submit would be a GET of the page itself with the fields in the address (an e-mail in a URL,
 * in logs and history). A form with an action is a real fallback (Home's estimator) and goes.
 */
export function startPageCodeAfterFirstPaint(templateId: string, latestMs: number): void {
  const root = document.documentElement;
  const holdSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (root.dataset.hydrated !== 'true' && !form.hasAttribute('action')) event.preventDefault();
  };
  document.addEventListener('submit', holdSubmit, true);
  const append = (held: Element) => {
    const element = document.createElement(held.tagName === 'SCRIPT' ? 'script' : 'link');
    if (element instanceof HTMLScriptElement) {
      element.type = 'module';
      element.src = held.getAttribute('src')!;
    } else {
      element.rel = 'modulepreload';
      element.href = held.getAttribute('href')!;
    }
    element.crossOrigin = '';
    element.setAttribute('fetchpriority', 'low');
    document.head.appendChild(element);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const held = Array.from((document.getElementById(templateId) as HTMLTemplateElement).content.children);
    const preloads = held.filter((element) => element.tagName !== 'SCRIPT');
    // An inserted module script runs as soon as it arrives, not after parsing as one the parser
    // met would; the entry reads the state the page's last script sets, and a slow phone can
    // paint before the parser gets there: the entry is added once the document is parsed.
    const entry = () => held.filter((element) => element.tagName === 'SCRIPT').forEach(append);
    // One element a task: Chrome starts a module preload inside appendChild, a few ms each on a
    // phone, and twenty of them in one go made a long task right after the first paint. A
    // message, not a timer: timers in a row are held back to 4 ms each.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const next = preloads.shift();
      if (next) {
        append(next);
        return channel.port2.postMessage(0);
      }
      channel.port1.close();
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', entry);
      else entry();
    };
    channel.port2.postMessage(0);
  };
  const Observer = window.PerformanceObserver;
  if (document.visibilityState === 'hidden' || !Observer || !(Observer.supportedEntryTypes ?? []).includes('paint')) return start();
  new Observer((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start);
  setTimeout(start, latestMs);
}

/** The loader under the response's nonce (NONCE_SLOT in the template). */
export function pageCodeLoaderScript(nonce: string): string {
  const args = [JSON.stringify(PAGE_CODE_ID), LATEST_START_MS].join(',');
  return `<script nonce="${nonce}">(${startPageCodeAfterFirstPaint.toString()})(${args})</script>`;
}
