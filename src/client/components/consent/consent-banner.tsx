import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/site-map';
import { useConsent } from '../../lib/consent/consent-context';
import { LocalizedLink } from '../ui/localized-link';
import { ConsentOptions } from './consent-options';
import { useModal } from './use-modal';
import type { RoutePageId } from '../../app/page-registry';

/** The hand-off pages (no header, no footer) finish a sign-in or open the app: no banner there. */
const WITHOUT_BANNER = new Set<RoutePageId>(['magic-link', 'web-login', 'app-link']);

/**
 * Spec §2/§4 cookie banner, shown only in the browser to a visitor with no decision. Info view
 * (Accept, Deny, Customize) ⇄ Options view (back control "Customize", the toggles, Confirm).
 * It blocks the page while shown: no scrolling, focus kept inside.
 */
export function ConsentBanner({ pageId }: { pageId: RoutePageId }) {
  const { t } = useTranslation();
  const consent = useConsent();
  const [view, setView] = useState<'info' | 'options'>('info');
  const [draft, setDraft] = useState(consent.choices);
  const dialog = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const customize = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const shown = consent.status === 'undecided' && !WITHOUT_BANNER.has(pageId);
  useModal(dialog, shown);

  useEffect(() => setDraft(consent.choices), [consent.choices]);
  useEffect(() => {
    // Focus follows the view: onto the back control, and back onto Customize.
    if (!moved.current) return;
    (view === 'options' ? back : customize).current?.focus();
  }, [view]);

  if (!shown) return null;
  const show = (next: 'info' | 'options') => {
    moved.current = true;
    setView(next);
  };
  return createPortal(
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
            <div className="consent-banner__actions">
              <button type="button" className="button button--fill" onClick={() => consent.decide({ tracking: true, advertising: true }, 'banner-accept')}>
                {t('consent.accept')}
              </button>
              <button type="button" className="button button--outline" onClick={() => consent.decide({ tracking: false, advertising: false }, 'banner-deny')}>
                {t('consent.deny')}
              </button>
              <button ref={customize} type="button" className="button button--outline" onClick={() => show('options')}>
                {t('consent.customize')}
              </button>
            </div>
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
            <ConsentOptions idPrefix="banner" value={draft} onChange={setDraft} onConfirm={() => consent.decide(draft, 'banner-confirm')} />
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
