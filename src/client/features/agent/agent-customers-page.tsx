import { useId, useState, type FormEvent } from 'react';
import { formatDay } from '../../../shared/format/money';
import { PATHS } from '../../../shared/site-map';
import { ClaimStatusBadge } from '../../components/claims/claim-status-badge';
import { PolicyStatusBadge } from '../../components/policy/policy-status';
import { SharedVinFlag } from '../../components/policy/shared-vin-flag';
import { ListTable } from '../../components/ui/list-table';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { useSession } from '../../lib/session/session-context';
import { fetchCustomers } from './api/customers-api';
import { StaffScreens } from './components/staff-screens';

/**
 * Staff: an agent's customers with the policies they sold and what waits for the customer's
 * confirmation; an admin sees every customer, with the agent who serves each (seller).
 * The customer's open claims (within the same reach) follow, each opening on the staff claims screen.
 */
export default function AgentCustomersPage() {
  const { t } = useTranslation('agent-customers');
  const { session } = useSession();
  const staff = session?.role === 'agent' || session?.role === 'admin';
  return (
    <article className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">{session?.role === 'admin' ? t('titleAdmin') : t('title')}</h1>
      <p className="lead">{t(session?.role === 'admin' ? 'introAdmin' : 'intro')}</p>
      {staff ? (
        <>
          <StaffScreens admin={session?.role === 'admin'} />
          <CustomerList admin={session?.role === 'admin'} />
        </>
      ) : (
        <p className="notice notice--error" role="alert">
          {t('staffOnly')}
        </p>
      )}
    </article>
  );
}

function CustomerList({ admin }: { admin: boolean }) {
  const { t } = useTranslation('agent-customers');
  const { locale } = useLocale();
  const id = useId();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const load = useApiQuery(['agent-customers', search, page], () => fetchCustomers(search, page), { keepPrevious: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(input.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('listTitle')}
      </h2>
      <form className="admin-search" role="search" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('searchLabel')}</label>
          <input id={`${id}-search`} type="search" autoComplete="off" value={input} onChange={(event) => setInput(event.target.value)} />
        </div>
        <button type="submit" className="button button--fill">
          {t('search')}
        </button>
      </form>
      <QueryStatus state={load.state} loading={t('loading')} failed={t('failed')} retry={{ label: t('retry'), onClick: load.refetch }} />
      {load.state === 'ready' && load.data.customers.length === 0 && <p>{t(search ? 'noneFound' : 'none')}</p>}
      {load.state === 'ready' && load.data.customers.length > 0 && (
        <>
          <ListTable label={t('listTitle')} columns={[t('customer'), ...(admin ? [t('seller')] : []), t('policies'), t('pending'), t('claims')]}>
            {load.data.customers.map((customer) => (
              <tr key={customer.userId}>
                <td data-label={t('customer')} className="admin-table__email">
                  {customer.name && (
                    <>
                      <strong>{customer.name}</strong>
                      <br />
                    </>
                  )}
                  {customer.email}
                </td>
                {admin && <td data-label={t('seller')}>{customer.seller ?? t('online')}</td>}
                <td data-label={t('policies')}>
                  {customer.policies.length === 0 ? (
                    <span className="muted">{t('noPolicies')}</span>
                  ) : (
                    <ul className="customer-policies">
                      {customer.policies.map((policy) => (
                        <li key={policy.id}>
                          <span className="sold-policies__number">{policy.number}</span> · {policy.state} · {formatDay(policy.effectiveDate, locale)}{' '}
                          <PolicyStatusBadge status={policy.status} /> <SharedVinFlag vins={policy.sharedVins} text={(vins) => t('sharedVin', { vins })} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={t('pending')}>
                  {customer.pendingConfirmations > 0 ? <strong>{customer.pendingConfirmations}</strong> : <span className="muted">0</span>}
                </td>
                <td data-label={t('claims')}>
                  {customer.openClaims.length === 0 ? (
                    <span className="muted">{t('noClaims')}</span>
                  ) : (
                    <ul className="customer-policies">
                      {customer.openClaims.map((claim) => (
                        <li key={claim.id}>
                          <LocalizedLink to={`${PATHS['staff-claims']}?claim=${encodeURIComponent(claim.id)}`}>{claim.number}</LocalizedLink>{' '}
                          <ClaimStatusBadge status={claim.status} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
          <Pager
            page={load.data.page}
            hasMore={load.data.hasMore}
            onPage={setPage}
            text={{ label: t('pages'), previous: t('previous'), current: t('page', { n: load.data.page }), next: t('next') }}
          />
        </>
      )}
    </section>
  );
}
