import { useId, useState, type FormEvent } from 'react';
import { AUDIT_KINDS, type AuditKind } from '../../../shared/audit/audit-actions';
import { ListTable } from '../../components/ui/list-table';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { auditExportUrl, fetchAudit, fetchAuditActions, type AuditFilters } from './api/admin-api';
import { AdminFrame } from './components/admin-frame';
import { auditActionText } from './components/audit-action-text';
import { auditChangeText } from './components/audit-change-text';
import { dayEnd, dayStart, formatDateTime } from './components/date-time';

/** Admins: the audit log, filtered by actor, customer, action and days, a page at a time, and as CSV. */
export default function AdminAuditPage() {
  const { t } = useTranslation('admin-audit');
  return (
    <AdminFrame page="admin-audit" title={t('title')} intro={t('intro')}>
      <AuditLog />
    </AdminFrame>
  );
}

interface Form {
  actor: string;
  customer: string;
  action: string;
  from: string;
  to: string;
  kind: AuditKind;
}

// Actions first: the reads a screen makes by itself are kept, and listed when asked for (issue 26).
const EMPTY: Form = { actor: '', customer: '', action: '', from: '', to: '', kind: 'actions' };

function filtersOf(form: Form): AuditFilters {
  return {
    actor: form.actor.trim() || undefined,
    customer: form.customer.trim() || undefined,
    action: form.action || undefined,
    from: dayStart(form.from),
    to: dayEnd(form.to),
    // An action chosen by name shows whatever the kind (as the API reads it).
    kind: form.action ? undefined : form.kind,
  };
}

const KIND_LABELS = { actions: 'kindActions', reads: 'kindReads', all: 'kindAll' } as const;

function AuditLog() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>(filtersOf(EMPTY));
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string>();
  const actions = useApiQuery(['audit-actions'], fetchAuditActions);
  const load = useApiQuery(['audit', filters, page], () => fetchAudit(filters, page), { keepPrevious: true });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (form.from && form.to && form.from > form.to) return setProblem(t('audit.rangeBackwards'));
    setProblem(undefined);
    setFilters(filtersOf(form));
    setPage(1);
  };
  const clear = () => {
    setForm(EMPTY);
    setFilters(filtersOf(EMPTY));
    setPage(1);
    setProblem(undefined);
  };
  const field = (name: keyof Form) => ({
    id: `${id}-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: event.target.value })),
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('audit.filtersTitle')}
      </h2>
      <form className="admin-filters" noValidate onSubmit={apply} role="search">
        <div className="field">
          <label htmlFor={`${id}-actor`}>{t('audit.actor')}</label>
          <input type="text" autoComplete="off" placeholder={t('audit.actorHint')} {...field('actor')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-customer`}>{t('audit.customer')}</label>
          <input type="text" autoComplete="off" placeholder={t('audit.customerHint')} {...field('customer')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`}>{t('audit.action')}</label>
          <select {...field('action')}>
            <option value="">{t('audit.anyAction')}</option>
            {actions.state === 'ready' &&
              actions.data.map((action) => (
                <option key={action} value={action}>
                  {auditActionText(t, action)}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('audit.kind')}</label>
          <select {...field('kind')} aria-describedby={`${id}-kind-hint`}>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`audit.${KIND_LABELS[kind]}`)}
              </option>
            ))}
          </select>
          <p id={`${id}-kind-hint`} className="field__hint">
            {t('audit.kindHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('audit.from')}</label>
          <input type="date" {...field('from')} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('audit.to')}</label>
          <input type="date" {...field('to')} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
        </div>
        {problem && (
          <p id={`${id}-problem`} className="field__error admin-filters__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-filters__actions">
          <button type="submit" className="button button--fill">
            {t('audit.apply')}
          </button>
          <button type="button" className="button button--text" onClick={clear}>
            {t('audit.clear')}
          </button>
          <a className="button button--outline" href={auditExportUrl(filters)} download>
            {t('audit.export')}
          </a>
        </div>
      </form>
      <QueryStatus state={load.state} loading={t('audit.loading')} failed={t('audit.failed')} retry={{ label: t('audit.retry'), onClick: load.refetch }} />
      {load.state === 'ready' && load.data.entries.length === 0 && <p>{t('audit.none')}</p>}
      {load.state === 'ready' && load.data.entries.length > 0 && (
        <>
          <ListTable label={t('audit.tableLabel')} columns={[t('audit.when'), t('audit.actor'), t('audit.customer'), t('audit.action'), t('audit.target')]}>
            {load.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label={t('audit.when')}>{formatDateTime(entry.at, locale)}</td>
                <td data-label={t('audit.actor')} className="admin-table__email">
                  {entry.actorEmail} <span className="muted">({t(`roles.${entry.actorRole}`, { defaultValue: entry.actorRole })})</span>
                </td>
                <td data-label={t('audit.customer')} className="admin-table__email">
                  {entry.customerEmail ?? '—'}
                </td>
                <td data-label={t('audit.action')}>
                  {auditActionText(t, entry.action)} <code className="muted">{entry.action}</code>
                </td>
                <td data-label={t('audit.target')} className="admin-table__email">
                  {entry.target ?? '—'}
                  {entry.changes.length > 0 && (
                    <ul className="audit-changes" aria-label={t('audit.changed')}>
                      {entry.changes.map((change) => (
                        <li key={change.field}>{auditChangeText(t, locale, change)}</li>
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
            text={{ label: t('audit.pages'), previous: t('audit.previous'), current: t('audit.page', { n: load.data.page }), next: t('audit.next') }}
          />
        </>
      )}
    </section>
  );
}
