import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { PATHS } from '../../../shared/site-map';
import { OpenAppActions } from '../../components/app/open-app-actions';
import { StoreBadges } from '../../components/layout/store-badges';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../i18n/use-translation';
import { requestAppCode } from './api/auth-api';

type Stage = { name: 'preparing' } | { name: 'ready'; link: string; expiresAt: number } | { name: 'failed' } | { name: 'on-behalf' };

/** A code about to expire is replaced when the visitor chooses to open the app. */
const FRESH_FOR_MS = 30_000;

/**
 * The app hand-off (sign-in required): a short-lived, single-use code for this user, handed to
 * the mobile app through its link; the app exchanges it for its own session. Nothing navigates
 * by itself (as /app-link): the visitor chooses to open the app, get it, or stay on the site.
 */
export default function WebLoginPage() {
  const { t } = useTranslation('web-login');
  const [stage, setStage] = useState<Stage>({ name: 'preparing' });

  const prepare = useCallback(async (): Promise<string | undefined> => {
    setStage({ name: 'preparing' });
    const result = await requestAppCode();
    // Staff acting for a customer never get a code (the server refuses it): say why, no retry.
    if (!result.ok) {
      setStage(result.failure.code === 'CREDENTIAL_WHILE_ON_BEHALF' ? { name: 'on-behalf' } : { name: 'failed' });
      return undefined;
    }
    setStage({ name: 'ready', link: result.value.link, expiresAt: Date.parse(result.value.expiresAt) });
    return result.value.link;
  }, []);

  useEffect(() => {
    void prepare();
  }, [prepare]);

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (stage.name !== 'ready' || stage.expiresAt - Date.now() > FRESH_FOR_MS) return;
    event.preventDefault();
    const link = await prepare();
    if (link) window.location.assign(link);
  };

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {stage.name === 'preparing' && <Spinner label={t('preparing')} />}
      {stage.name === 'ready' && (
        <>
          <OpenAppActions href={stage.link} openLabel={t('open')} getLabel={t('getIt')} onOpen={(event) => void open(event)} />
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
      <p className="auth-page__stay">
        <LocalizedLink to={PATHS.profile}>{t('stay')}</LocalizedLink>
      </p>
    </section>
  );
}
