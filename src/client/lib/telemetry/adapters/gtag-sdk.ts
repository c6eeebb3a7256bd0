import { gtagConsent, type GtagSetup } from './gtag-options';
import type { ConsentChoices } from '../../../../shared/consent';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export interface TagClient {
  updateConsent(choices: ConsentChoices): void;
  pageView(page: { path: string; title: string; location: string }): void;
}

/** Loaded only after consent: the Google tag with Consent Mode, defaults denied, then the stored choice. */
export function startGtag(setup: GtagSetup, choices: ConsentChoices): TagClient {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // The tag reads the Arguments object itself, as its own snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('consent', 'default', setup.defaults);
  window.gtag('js', new Date());
  window.gtag('config', setup.id, { send_page_view: false });
  window.gtag('consent', 'update', gtagConsent(choices));
  const script = document.createElement('script');
  script.async = true;
  script.src = setup.scriptUrl;
  document.head.appendChild(script);
  return {
    updateConsent: (next) => window.gtag!('consent', 'update', gtagConsent(next)),
    pageView: (page) => window.gtag!('event', 'page_view', { page_path: page.path, page_title: page.title, page_location: page.location }),
  };
}
