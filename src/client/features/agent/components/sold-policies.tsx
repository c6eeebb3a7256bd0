import { useId } from 'react';
import { stateDay } from '../../../../shared/dates/state-day';
import { formatDay } from '../../../../shared/format/money';
import { PolicyStatusBadge } from '../../../components/policy/policy-status';
import { SharedVinFlag } from '../../../components/policy/shared-vin-flag';
import { QueryStatus } from '../../../components/ui/query-status';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchSoldPolicies } from '../../../lib/policy/policy-api';

/**
 * The policies this agent sold (an admin: every staff sale, with who sold each) and where each stands.
 * A sale is dated in its policy's state's day, as the policy's own days are: an Arizona evening sale
 * is that evening's day, not the next UTC one (issue 26).
 */
export function SoldPolicies({ admin }: { admin: boolean }) {
  const { t } = useTranslation('agent');
  const { locale } = useLocale();
  const id = useId();
  const load = useApiQuery(['sold-policies'], fetchSoldPolicies);

  return (
    <section className="callout sold-policies" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(admin ? 'sold.allTitle' : 'sold.title')}</h2>
      <QueryStatus state={load.state} loading={t('sold.loading')} failed={t('sold.failed')} />
      {load.state === 'ready' && load.data.length === 0 && <p>{t('sold.none')}</p>}
      {load.state === 'ready' && load.data.length > 0 && (
        <div className="table-scroll" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
          <table className="sold-policies__table">
            <thead>
              <tr>
                <th scope="col">{t('sold.customer')}</th>
                <th scope="col">{t('sold.number')}</th>
                {admin && <th scope="col">{t('sold.seller')}</th>}
                <th scope="col">{t('sold.status')}</th>
                <th scope="col">{t('sold.date')}</th>
              </tr>
            </thead>
            <tbody>
              {load.data.map((policy) => (
                <tr key={policy.id}>
                  <td className="sold-policies__email">{policy.customerEmail}</td>
                  <td className="sold-policies__number">{policy.number}</td>
                  {admin && <td>{policy.seller}</td>}
                  <td>
                    <PolicyStatusBadge status={policy.status} /> <SharedVinFlag vins={policy.sharedVins} text={(vins) => t('sold.sharedVin', { vins })} />
                  </td>
                  <td data-testid="sold-on">{formatDay(stateDay(new Date(policy.createdAt), policy.state), locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
