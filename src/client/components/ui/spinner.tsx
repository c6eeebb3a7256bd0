import { useTranslation } from '../../i18n/use-translation';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label ?? t('a11y.loading')}</span>
    </span>
  );
}
