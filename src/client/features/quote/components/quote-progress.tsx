import { QUOTE_STEPS } from '../../../../shared/quote/quote-model';
import { useTranslation } from '../../../i18n/use-translation';

/** "Step 3 of 6 · About you", and a bar a screen reader can read. */
export function QuoteProgress({ current }: { current: number }) {
  const { t } = useTranslation('quote');
  const total = QUOTE_STEPS.length;
  return (
    <div className="quote-progress">
      <p className="quote-progress__label">
        {t('progress', { current: current + 1, total })} · {t(`steps.${QUOTE_STEPS[current]}`)}
      </p>
      <progress className="quote-progress__bar" max={total} value={current + 1} aria-label={t('progress', { current: current + 1, total })} />
    </div>
  );
}
