import { useState } from 'react';
import { addDays } from '../../../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../../../shared/format/money';
import { accessAllows, type PolicyAccessLevel } from '../../../../shared/policy/household-model';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { declineRenewal } from '../../../lib/policy/policy-api';
import { NewsLine } from './news-line';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { News } from './news';

/**
 * What happens at the term's end (issue 26), from the policy's timeline: it renews on that day
 * at the price already worked out (and the customer may decline, after a second "yes"), or it
 * ends then. Nothing shows before the renewal is decided (the state's notice day). Declining is
 * the owner's alone (issue 27: it ends cover as cancelling does); a household member reads the offer.
 */
export function RenewalNotice({
  policy,
  onChange,
  access = 'owner',
}: {
  policy: PolicyView;
  onChange: (policy: PolicyView) => void;
  access?: PolicyAccessLevel;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  if (policy.status !== 'active' || policy.cancellationDate) return null;
  const renewal = policy.upcoming.find((event) => event.kind === 'renew');
  const ending = policy.upcoming.find((event) => event.kind === 'expire');
  const last = formatDay(addDays(policy.termEndDate, -1), locale);

  const decline = async () => {
    setBusy(true);
    const answer = await declineRenewal(policy.id);
    setBusy(false);
    setAsking(false);
    if (!answer.ok) return setNews({ kind: 'error', text: t('renewal.failed') });
    setNews({ kind: 'ok', text: t('renewal.declined', { last }) });
    onChange(answer.value);
  };

  return (
    <section className="renewal-notice" aria-label={t('renewal.title')}>
      {renewal && (
        <>
          <p data-testid="renewal-offer">
            {t('renewal.offer', {
              date: formatDay(renewal.effectiveDate, locale),
              amount: formatCents(renewal.baseRateCents, locale),
              current: formatCents(policy.baseRateCents, locale),
            })}
          </p>
          {!accessAllows(access, 'owner') ? null : asking ? (
            <p className="renewal-notice__ask">
              {t('renewal.confirm', { last })}{' '}
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void decline()}>
                {t('renewal.confirmYes')}
              </button>{' '}
              <button type="button" className="button button--text" disabled={busy} onClick={() => setAsking(false)}>
                {t('renewal.keep')}
              </button>
            </p>
          ) : (
            <button type="button" className="button button--text" onClick={() => setAsking(true)}>
              {t('renewal.decline')}
            </button>
          )}
        </>
      )}
      {!renewal && ending && <p data-testid="renewal-ends">{t('renewal.ends', { last })}</p>}
      <NewsLine news={news} />
    </section>
  );
}
