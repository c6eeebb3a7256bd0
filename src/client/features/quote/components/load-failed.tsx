import { useTranslation } from '../../../i18n/use-translation';

/** The quote could not be loaded: say so (nothing is lost) and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('quote');
  return (
    <div className="notice" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="button button--outline" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
