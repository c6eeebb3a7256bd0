import { useId, useState, type FormEvent } from 'react';
import { emailProblem } from '../../../../shared/email-address';
import { PATHS } from '../../../../shared/site-map';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession } from '../../../lib/session/session-context';
import { startOnBehalf, stopOnBehalf } from '../api/on-behalf-api';
import type { ApiErrorCode } from '../../../../shared/api/error-codes';

const KNOWN_ERRORS: readonly ApiErrorCode[] = ['SERVED_BY_OTHER_AGENT', 'CUSTOMER_NOT_YOURS', 'STAFF_CUSTOMER', 'ALREADY_ON_BEHALF'];

/** For a signed-in agent or admin: start, continue or stop a purchase for a customer. */
export function StaffPanel() {
  const { t } = useTranslation('agent');
  const { session, refresh } = useSession();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (emailProblem(email)) return setError(t('panel.errors.invalid'));
    setBusy(true);
    const result = await startOnBehalf(email.trim());
    setBusy(false);
    if (!result.ok) {
      const { code, status } = result.failure;
      return setError(t(code && KNOWN_ERRORS.includes(code) ? `panel.errors.${code}` : status === 400 ? 'panel.errors.invalid' : 'panel.errors.failed'));
    }
    setError(undefined);
    setEmail('');
    await refresh();
  };

  const stop = async () => {
    setBusy(true);
    await stopOnBehalf();
    setBusy(false);
    await refresh();
  };

  if (session?.onBehalf) {
    return (
      <section className="callout staff-panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('panel.activeHeading', { email: session.userEmail })}</h2>
        <p>{t('panel.activeIntro')}</p>
        <div className="actions">
          <LocalizedLink to={PATHS['quote-application']} className="button button--fill">
            {t('panel.continueQuote')}
          </LocalizedLink>
          <LocalizedLink to={PATHS.profile} className="button button--outline">
            {t('panel.continueProfile')}
          </LocalizedLink>
          <button type="button" className="button button--text" onClick={() => void stop()} disabled={busy}>
            {t('panel.stop')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="callout staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('panel.heading')}</h2>
      <p>{t('panel.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void start(event)}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('panel.emailLabel')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--fill" disabled={busy}>
          {busy ? t('panel.starting') : t('panel.start')}
        </button>
      </form>
    </section>
  );
}
