import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { addMonths } from '../../../shared/dates/iso-day';
import { formatDay } from '../../../shared/format/money';
import { DAILY_CAP_MILES } from '../../../shared/miles/billable-miles';
import { type PolicyView } from '../../../shared/policy/policy-model';
import { PATHS } from '../../../shared/site-map';
import { PolicyDocuments } from '../../components/policy/policy-documents';
import { PolicyFacts } from '../../components/policy/policy-facts';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { usePolicy } from '../../lib/policy/use-policy';
import { useSession } from '../../lib/session/session-context';

/** The first statement: a month after the start, on the policy's billing day. */
function firstStatement(policy: PolicyView): string {
  return `${addMonths(policy.effectiveDate, 1).slice(0, 8)}${String(policy.billingDay).padStart(2, '0')}`;
}

function NextSteps({ policy }: { policy: PolicyView }) {
  const { t } = useTranslation('quote-purchased');
  const { locale } = useLocale();
  return (
    <section aria-labelledby="next-title">
      <h2 id="next-title">{t('next.title')}</h2>
      <ol className="next-steps">
        <li>
          <strong>{t('next.app.title')}</strong> {t('next.app.text')} <LocalizedLink to={PATHS['get-app']}>{t('next.app.link')}</LocalizedLink>
        </li>
        <li>
          <strong>{t('next.miles.title')}</strong> {t('next.miles.text', { date: formatDay(policy.effectiveDate, locale) })}
        </li>
        <li>
          <strong>{t('next.statement.title')}</strong> {t('next.statement.text', { date: formatDay(firstStatement(policy), locale) })}
        </li>
        <li>
          <strong>{t('next.cap.title')}</strong> {t('next.cap.text', { cap: DAILY_CAP_MILES })}
        </li>
        <li>
          <strong>{t('next.cancel.title')}</strong> {t('next.cancel.text')}
        </li>
      </ol>
    </section>
  );
}

/**
 * /quote/purchased: the policy just bought (?policy=<id>, else the newest), its documents and what
 * happens next. One bought by staff waits for the customer's signature, and says so.
 */
export default function QuotePurchasedPage() {
  const { t } = useTranslation('quote-purchased');
  const [params] = useSearchParams();
  const { session } = useSession();
  const load = usePolicy(params.get('policy'));
  const heading = useRef<HTMLHeadingElement>(null);
  // Come from the purchase (not a page opened afresh), the focus would stay on <body> where the
  // Buy button was: the policy's heading takes it once the policy is shown.
  const arrived = useLocation().key !== 'default';
  useEffect(() => {
    if (arrived && load.state === 'ready') heading.current?.focus();
  }, [arrived, load.state]);

  if (load.state !== 'ready') {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        {/* "You're covered" only over a policy: not over a spinner, an error or no policy at all. */}
        <h1 id="page-title">{t(load.state === 'none' ? 'noneTitle' : 'waitingTitle')}</h1>
        {load.state === 'loading' && <Spinner label={t('loading')} />}
        {load.state === 'failed' && (
          <div className="notice notice--error" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--outline" onClick={load.retry}>
              {t('retry')}
            </button>
          </div>
        )}
        {load.state === 'none' && (
          <div className="notice" role="status">
            <p>{t('none')}</p>
            <LocalizedLink to={PATHS.quote} className="button button--fill">
              {t('getQuote')}
            </LocalizedLink>
          </div>
        )}
      </section>
    );
  }

  const { policy } = load;
  const pending = policy.status === 'pending-confirmation';
  const staff = Boolean(session?.onBehalf);
  return (
    <section className="page page--narrow purchased" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t(pending ? 'pending.title' : 'title')}
      </h1>
      <p className="lead" role="status">
        {pending ? (staff ? t('pending.staffIntro', { email: session?.userEmail }) : t('pending.customerIntro')) : t('active', { number: policy.number })}
      </p>
      <PolicyFacts policy={policy} />
      {pending ? (
        <div className="notice">
          <p>{t('pending.next')}</p>
          {!staff && (
            <LocalizedLink to={`${PATHS.profile}?confirm=${encodeURIComponent(policy.id)}`} className="button button--fill">
              {t('pending.review')}
            </LocalizedLink>
          )}
        </div>
      ) : (
        <NextSteps policy={policy} />
      )}
      <section aria-labelledby="documents-title">
        <h2 id="documents-title">{t(staff ? 'staffDocuments' : 'documents')}</h2>
        <PolicyDocuments policy={policy} />
      </section>
      <div className="actions">
        {/* The app is the customer's: staff are sent on to the customer's profile. */}
        {!staff && (
          <LocalizedLink to={PATHS['get-app']} className="button button--fill">
            {t('getApp')}
          </LocalizedLink>
        )}
        <LocalizedLink to={PATHS.profile} className={`button ${staff ? 'button--fill' : 'button--outline'}`}>
          {t(staff ? 'staffProfile' : 'profile')}
        </LocalizedLink>
      </div>
    </section>
  );
}
