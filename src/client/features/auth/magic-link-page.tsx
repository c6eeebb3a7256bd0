import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../shared/site-map';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { homePathOf } from '../../lib/session/home-path';
import { useSession } from '../../lib/session/session-context';
import { exchangeToken } from './api/auth-api';
import { rawQueryParam, useRedirectTarget } from './use-redirect-target';
import type { ApiErrorCode } from '../../../shared/api/error-codes';

type Stage =
  | { name: 'reading' }
  | { name: 'ready'; code: string; email?: string }
  | { name: 'signing-in'; code: string; email?: string }
  | { name: 'failed'; reason: Reason; code?: string; email?: string };

/** The refusals the page words of its own; anything else is 'failed'. */
const KNOWN_CODES: readonly ApiErrorCode[] = ['CODE_EXPIRED', 'CODE_USED', 'CODE_SUPERSEDED', 'CODE_UNKNOWN', 'TOO_MANY_REQUESTS'];
type Reason = ApiErrorCode | 'missing' | 'failed';

/** The code and the masked address travel in the URL fragment, which no server ever sees. */
function readFragment(hash: string): { code?: string; email?: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return { code: params.get('code') ?? undefined, email: params.get('email') ?? undefined };
}

/**
 * Spec §4 magic-link exchange, behind a Continue button so that a mail scanner fetching the
 * link never uses the code. After success: the fragment is cleared, the session refreshed,
 * and the visitor sent to the redirect target, or home: staff to /agent, customers to their profile.
 */
export default function MagicLinkPage() {
  const { t } = useTranslation('magic-link');
  const { to } = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { refresh } = useSession();
  const { target } = useRedirectTarget();
  const [stage, setStage] = useState<Stage>({ name: 'reading' });

  useEffect(() => {
    const { code, email } = readFragment(window.location.hash);
    setStage(code ? { name: 'ready', code, email } : { name: 'failed', reason: 'missing' });
  }, []);

  const exchange = async (code: string, email?: string) => {
    setStage({ name: 'signing-in', code, email });
    const result = await exchangeToken(code);
    if (!result.ok) {
      const { code: refused } = result.failure;
      const reason: Reason = refused && KNOWN_CODES.includes(refused) ? refused : 'failed';
      setStage({ name: 'failed', reason, code: reason === 'failed' || reason === 'TOO_MANY_REQUESTS' ? code : undefined, email });
      return;
    }
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const session = await refresh();
    void navigate(result.value.redirectTo ?? target ?? to(homePathOf(session)), { replace: true });
  };

  const redirect = rawQueryParam(search, 'redirect');
  const newLinkPath = redirect ? `${PATHS.login}?redirect=${redirect}` : PATHS.login;

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      {stage.name === 'reading' && <Spinner />}
      {(stage.name === 'ready' || stage.name === 'signing-in') && (
        <>
          <p className="lead">{t('intro')}</p>
          <button
            type="button"
            className="button button--fill button--large"
            disabled={stage.name === 'signing-in'}
            onClick={() => void exchange(stage.code, stage.email)}
          >
            {stage.name === 'signing-in' ? t('signingIn') : stage.email ? t('continueAs', { email: stage.email }) : t('continue')}
          </button>
        </>
      )}
      {stage.name === 'failed' && (
        <div role="alert" className="auth-page__problem">
          <p>{t(`errors.${stage.reason}`)}</p>
          <div className="actions">
            {stage.code && (
              <button type="button" className="button button--outline" onClick={() => void exchange(stage.code!, stage.email)}>
                {t('retry')}
              </button>
            )}
            <LocalizedLink to={newLinkPath} className="button button--fill">
              {t('newLink')}
            </LocalizedLink>
          </div>
        </div>
      )}
    </section>
  );
}
