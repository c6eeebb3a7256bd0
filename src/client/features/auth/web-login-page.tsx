import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoreBadges } from '../../components/layout/store-badges';
import { Spinner } from '../../components/ui/spinner';
import { requestAppCode } from './api/auth-api';

type Stage = { name: 'preparing' } | { name: 'ready'; link: string } | { name: 'failed' } | { name: 'on-behalf' };

/**
 * The app hand-off (sign-in required): a short-lived, single-use code for this user, handed to
 * the mobile app through its link; the app exchanges it for its own session.
 */
export default function WebLoginPage() {
  const { t } = useTranslation('web-login');
  const [stage, setStage] = useState<Stage>({ name: 'preparing' });

  const prepare = useCallback(async () => {
    setStage({ name: 'preparing' });
    const result = await requestAppCode();
    // Staff acting for a customer never get a code (the server refuses it): say why, no retry.
    if (!result.success) return setStage(result.error.code === 'CREDENTIAL_WHILE_ON_BEHALF' ? { name: 'on-behalf' } : { name: 'failed' });
    setStage({ name: 'ready', link: result.payload.link });
    window.location.assign(result.payload.link);
  }, []);

  useEffect(() => {
    void prepare();
  }, [prepare]);

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {stage.name === 'preparing' && <Spinner label={t('preparing')} />}
      {stage.name === 'ready' && (
        <>
          <a className="button button--fill button--large" href={stage.link}>
            {t('open')}
          </a>
          <p className="muted">{t('expires')}</p>
        </>
      )}
      {stage.name === 'on-behalf' && <p role="alert">{t('onBehalf')}</p>}
      {stage.name === 'failed' && (
        <div role="alert">
          <p>{t('failed')}</p>
          <button type="button" className="button button--outline" onClick={() => void prepare()}>
            {t('retry')}
          </button>
        </div>
      )}
      <h2 className="auth-page__subhead">{t('noApp')}</h2>
      <StoreBadges />
    </section>
  );
}
