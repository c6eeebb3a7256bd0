import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '../../../shared/site-map';
import { useTranslation } from '../../i18n/use-translation';
import { useConsent } from '../../lib/consent/consent-context';
import { LocalizedLink } from '../ui/localized-link';
import { Spinner } from '../ui/spinner';
import { CONSENT_DUE_CLASS, pageHasConsentBanner } from './consent-reveal';
import { useModal } from './use-modal';
import type { RoutePageId } from '../../app/page-registry';

/** The server's answer to the banner's form before hydration: records, sets the cookies, 303 back (consent.controller.ts). */
const CONSENT_FORM_ACTION = '/api/consent/form';

/**
 * The options view's toggles, loaded when a visitor is about to open them (pointer over, or focus
 * on, Customize): most visitors accept or deny, and Home's code before any interaction keeps
 * within its budget (issue 17: 85 KB as served).
 */
const loadOptions = () => import('./consent-options').then(({ ConsentOptions }) => ({ default: ConsentOptions }));
const ConsentOptions = lazy(loadOptions);

/** Whether the page's inline script showed the banner before React started (consent-reveal.ts). */
const revealedBeforeReact = () => typeof document !== 'undefined' && document.documentElement.classList.contains(CONSENT_DUE_CLASS);

/**
 * Spec §2/§4 cookie banner, shown only in the browser to a visitor with no decision. Info view
 * (Accept, Deny, Customize) ⇄ Options view (back control "Customize", the toggles, Confirm).
 * It blocks the page while shown: no scrolling, focus kept inside.
 *
 * The server renders its Info view hidden in every page (the same for everyone), first in the
 * page so that no paint comes before it, and the inline script in the page's head shows it when
 * this browser holds no decision; React hydrates that same markup, then removes it once a
 * decision is known, or shows it once the server confirms none is on record. Shown or not is one
 * class on <html>.
 */
export function ConsentBanner({ pageId }: { pageId: RoutePageId }) {
  const { t } = useTranslation();
  const consent = useConsent();
  const [view, setView] = useState<'info' | 'options'>('info');
  const [draft, setDraft] = useState(consent.choices);
  const [early] = useState(revealedBeforeReact);
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const customize = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const rendered = consent.status !== 'decided' && pageHasConsentBanner(pageId);
  const shown = rendered && (consent.status === 'undecided' || early);
  useModal(dialog, shown);

  useEffect(() => {
    // Until the cookies are read the inline script's verdict stands; from then on, React's.
    if (consent.status !== 'unknown') document.documentElement.classList.toggle(CONSENT_DUE_CLASS, shown);
  }, [consent.status, shown]);
  useEffect(() => setDraft(consent.choices), [consent.choices]);
  useEffect(() => {
    // Focus follows the view: onto the back control, and back onto Customize.
    if (!moved.current) return;
    (view === 'options' ? back : customize).current?.focus();
  }, [view]);

  if (!rendered) return null;
  const show = (next: 'info' | 'options') => {
    moved.current = true;
    setView(next);
  };
  return (
    <div className="consent-layer">
      <div className="consent-backdrop" />
      <div
        ref={dialog}
        className="consent-banner"
        role="dialog"
        aria-modal="true"
        aria-labelledby="consent-title"
        aria-describedby="consent-text"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && view === 'options') show('info');
        }}
      >
        {view === 'info' ? (
          <>
            <h2 id="consent-title" className="consent-banner__title">
              {t('consent.title')}
            </h2>
            <p id="consent-text" className="consent-banner__text">
              {t('consent.text')} <LocalizedLink to={PATHS['cookies-policy']}>{t('consent.policyLink')}</LocalizedLink>
            </p>
            {/* A plain form, so Accept and Deny work from the first paint, before this code has run (issue 29). */}
            <form className="consent-banner__actions" method="post" action={CONSENT_FORM_ACTION}>
              <input type="hidden" name="back" value={pathname} />
              <button
                type="submit"
                name="choice"
                value="accept"
                className="button button--fill"
                onClick={(event) => {
                  event.preventDefault();
                  consent.decide({ tracking: true, advertising: true }, 'banner-accept');
                }}
              >
                {t('consent.accept')}
              </button>
              <button
                type="submit"
                name="choice"
                value="deny"
                className="button button--outline"
                onClick={(event) => {
                  event.preventDefault();
                  consent.decide({ tracking: false, advertising: false }, 'banner-deny');
                }}
              >
                {t('consent.deny')}
              </button>
              <button
                ref={customize}
                type="button"
                className="button button--outline"
                onPointerEnter={() => void loadOptions()}
                onFocus={() => void loadOptions()}
                onClick={() => show('options')}
              >
                {t('consent.customize')}
              </button>
            </form>
          </>
        ) : (
          <>
            <h2 id="consent-title" className="consent-banner__title">
              <button ref={back} type="button" className="consent-banner__back" onClick={() => show('info')}>
                <span aria-hidden="true" className="consent-banner__arrow">
                  ‹
                </span>
                {t('consent.customize')}
              </button>
            </h2>
            <p id="consent-text" className="consent-banner__text">
              {t('consent.optionsIntro')}
            </p>
            <Suspense fallback={<Spinner label={t('consent.loadingOptions')} />}>
              <ConsentOptions idPrefix="banner" value={draft} onChange={setDraft} onConfirm={() => consent.decide(draft, 'banner-confirm')} />
            </Suspense>
          </>
        )}
      </div>
    </div>
  );
}
