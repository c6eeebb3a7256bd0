import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useConsent } from '../../lib/consent/consent-context';
import { telemetry } from '../../lib/telemetry/telemetry';
import { ConsentOptions } from './consent-options';

/**
 * The cookies page's settings panel (spec §2): the banner's options, saved with Confirm, then
 * "Cookie settings updated". The toggles need the browser's cookies, so they appear once the
 * decision is read (the page itself is the same for everyone).
 */
export function CookieSettings() {
  const { t } = useTranslation();
  const consent = useConsent();
  const [draft, setDraft] = useState(consent.choices);
  const [saved, setSaved] = useState(false);
  const ready = consent.status === 'decided' || consent.status === 'undecided';

  useEffect(() => setDraft(consent.choices), [consent.choices]);

  return (
    <section className="cookie-settings" aria-labelledby="cookie-settings-title">
      <h2 id="cookie-settings-title">{t('consent.settingsTitle')}</h2>
      <p>{t('consent.settingsIntro')}</p>
      {ready && (
        <ConsentOptions
          idPrefix="settings"
          value={draft}
          onChange={(next) => {
            setSaved(false);
            setDraft(next);
          }}
          onConfirm={() => {
            consent.decide(draft, 'settings');
            setSaved(true);
            telemetry.track('Cookie Settings Updated', { tracking: draft.tracking, advertising: draft.advertising });
          }}
        />
      )}
      <p role="status" className="cookie-settings__saved">
        {saved ? t('consent.updated') : ''}
      </p>
    </section>
  );
}
