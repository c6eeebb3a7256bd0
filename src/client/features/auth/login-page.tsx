import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CheckEmail } from '../../components/sign-in/check-email';
import { isLinkRecentlySent } from '../../components/sign-in/link-wait';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { homePathOf } from '../../lib/session/home-path';
import { useSession } from '../../lib/session/session-context';
import { useLogOut } from '../../lib/session/use-log-out';
import { requestMagicLink } from './api/auth-api';
import { LoginForm } from './components/login-form';
import { useRedirectTarget } from './use-redirect-target';

type Stage = { name: 'starting' } | { name: 'leaving' } | { name: 'signing-out' } | { name: 'form' } | { name: 'sent'; email: string };

/**
 * Spec §4 Login screen: once the router is ready, `auto-logout=true` with a signed-in user logs
 * out first, then the screen is ready. Someone already signed in goes on to where they were
 * headed. Otherwise: the e-mail form, then "check your e-mail".
 */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const { to } = useLocale();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { status, signedIn, session } = useSession();
  const logOut = useLogOut();
  const { target, ready } = useRedirectTarget();
  const [stage, setStage] = useState<Stage>({ name: 'starting' });

  useEffect(() => {
    if (!ready || status !== 'ready' || stage.name !== 'starting') return;
    const autoLogout = new URLSearchParams(search).get('auto-logout') === 'true';
    if (signedIn && autoLogout) {
      setStage({ name: 'signing-out' });
      void logOut({ stay: true }).then(() => setStage({ name: 'form' }));
    } else if (signedIn) {
      // Once: while the next page loads this one stays rendered, and must not navigate again.
      setStage({ name: 'leaving' });
      void navigate(target ?? to(homePathOf(session)), { replace: true });
    } else {
      setStage({ name: 'form' });
    }
  }, [ready, status, signedIn, session, search, stage.name, logOut, navigate, target, to]);

  const send = async (email: string) => {
    const result = await requestMagicLink(email, target);
    if (result.ok) setStage({ name: 'sent', email });
    return result.ok ? undefined : result.failure;
  };

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      {(stage.name === 'starting' || stage.name === 'leaving') && <Spinner />}
      {stage.name === 'signing-out' && <Spinner label={t('signingOut')} />}
      {stage.name === 'form' && (
        <>
          <p className="lead">{t('intro')}</p>
          <LoginForm initialEmail="" onSubmit={send} />
          <p className="muted">{t('staff')}</p>
        </>
      )}
      {stage.name === 'sent' && (
        <CheckEmail
          email={stage.email}
          onResend={async () => {
            const result = await requestMagicLink(stage.email, target);
            if (result.ok) return true;
            return isLinkRecentlySent(result.failure) ? { retryAfterSeconds: result.failure.retryAfterSeconds ?? 60 } : false;
          }}
          onOtherAddress={() => setStage({ name: 'form' })}
        />
      )}
    </section>
  );
}
