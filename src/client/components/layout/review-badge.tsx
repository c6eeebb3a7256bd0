import { useTranslation } from '../../i18n/use-translation';

/** Spec §1/§9: "More than 2,000" with five stars; read out as one sentence. */
export function ReviewBadge() {
  const { t } = useTranslation();
  return (
    <p className="review-badge">
      <span className="visually-hidden">{t('reviews.label')}</span>
      <span className="review-badge__count" aria-hidden="true">
        {t('reviews.count')}
      </span>
      <span className="review-badge__stars" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <svg key={i} viewBox="0 0 20 20" width="14" height="14" focusable="false">
            <path fill="currentColor" d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
          </svg>
        ))}
      </span>
      <span className="review-badge__word" aria-hidden="true">
        {t('reviews.word')}
      </span>
    </p>
  );
}
