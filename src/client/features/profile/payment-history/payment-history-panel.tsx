import { useState } from 'react';
import { QueryStatus } from '../../../components/ui/query-status';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { PaymentEntry } from './payment-entry';
import { fetchPaymentHistory } from './payment-history-api';

/**
 * The profile's payment history: every charge, refund and failed attempt, newest first, a page
 * at a time ("Show older payments" adds the next), each paid one with its receipt.
 */
export function PaymentHistoryPanel() {
  const { t } = useTranslation('history');
  const load = useApiQuery(['payment-history'], () => fetchPaymentHistory());
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');

  const older = async (cursor: string) => {
    setMore('loading');
    const page = await fetchPaymentHistory(cursor);
    if (!page.ok) return setMore('failed');
    setMore('idle');
    load.setData((shown) => ({ entries: [...shown.entries, ...page.value.entries], next: page.value.next }));
  };

  return (
    <section className="profile-section payment-history" aria-labelledby="payment-history-title">
      <h2 id="payment-history-title">{t('payments.title')}</h2>
      <p className="muted">{t('payments.intro')}</p>
      <QueryStatus
        state={load.state}
        loading={t('payments.loading')}
        failed={t('payments.loadFailed')}
        retry={{ label: t('payments.retry'), onClick: load.refetch }}
      />
      {load.state === 'ready' && load.data.entries.length === 0 && <p>{t('payments.none')}</p>}
      {load.state === 'ready' && load.data.entries.length > 0 && (
        <ul className="payment-history__list">
          {load.data.entries.map((entry) => (
            <PaymentEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {more === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t('payments.moreFailed')}
        </p>
      )}
      {load.state === 'ready' && load.data.next && (
        <button type="button" className="button button--outline" disabled={more === 'loading'} onClick={() => void older(load.data.next!)}>
          {more === 'loading' ? t('payments.loadingMore') : t('payments.more')}
        </button>
      )}
    </section>
  );
}
