import { useId, useState } from 'react';
import { addDays } from '../../../../shared/dates/iso-day';
import { formatDay } from '../../../../shared/format/money';
import { accessAllows, type HouseholdRole } from '../../../../shared/policy/household-model';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchPolicy, payBalance } from '../../../lib/policy/policy-api';
import { NewsLine } from './news-line';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { News } from './news';

/**
 * A notice of cancellation for non-payment standing on the policy (issue 26): the day cover
 * ends, and "Pay now", which charges what is owed to the current card at once. On a policy shared
 * with the customer (issue 27, `shared`): "Pay now" if their role pays, charging the owner's card.
 */
export function NonPaymentNotice({
  policy,
  onChange,
  shared,
}: {
  policy: PolicyView;
  onChange: (policy: PolicyView) => void;
  shared?: { ownerName: string; role: HouseholdRole };
}) {
  const { t } = useTranslation('profile');
  const hintId = useId();
  const pays = !shared || accessAllows(shared.role, 'pay');
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  const lapse = policy.upcoming.find((event) => event.kind === 'lapse');
  if (!lapse && news?.kind !== 'ok') return null;

  const pay = async () => {
    setBusy(true);
    const paid = await payBalance(policy.id);
    setBusy(false);
    if (!paid.ok || paid.value.balanceCents > 0)
      return setNews({ kind: 'error', text: shared ? t('sharedPolicies.declined', { owner: shared.ownerName }) : t('nonPayment.declined') });
    // The policy read again first (its notice withdrawn), then the news: one render says both.
    const fresh = await fetchPolicy(policy.id);
    if (fresh.ok) onChange(fresh.value);
    setNews({ kind: 'ok', text: t(shared ? 'sharedPolicies.paid' : 'nonPayment.paid') });
  };

  return (
    <section className="notice notice--error non-payment" aria-label={t('nonPayment.title')}>
      {lapse && (
        <>
          <p data-testid="non-payment-notice">
            {t(shared ? 'sharedPolicies.nonPaymentText' : 'nonPayment.text', {
              owner: shared?.ownerName,
              date: formatDay(lapse.effectiveDate, locale),
              last: formatDay(addDays(lapse.effectiveDate, -1), locale),
            })}
          </p>
          {pays && (
            <button type="button" className="button" disabled={busy} aria-describedby={shared && hintId} onClick={() => void pay()}>
              {busy ? t('nonPayment.paying') : t('nonPayment.pay')}
            </button>
          )}
          {shared && pays && (
            <p id={hintId} className="non-payment__card">
              {t('sharedPolicies.payHint', { owner: shared.ownerName })}
            </p>
          )}
        </>
      )}
      <NewsLine news={news} />
    </section>
  );
}
