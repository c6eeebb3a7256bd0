import { useId, useState, type FormEvent } from 'react';
import { PRIVACY_REQUEST_STATUSES, type PrivacyRequestStatus, type PrivacyRequestView } from '../../../shared/privacy/privacy-request-model';
import { ListTable } from '../../components/ui/list-table';
import { QueryStatus } from '../../components/ui/query-status';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { answerPrivacyRequest, fetchPrivacyRequests, type PrivacyAnswer } from './api/admin-api';
import { AdminFrame } from './components/admin-frame';
import { formatDateTime } from './components/date-time';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A request this close to its deadline (or past it) shows in red. */
const URGENT_DAYS = 7;

/** Issue 27, admins: every privacy request with its 45-day clock; extend once, deny with a reason, or mark completed. */
export default function AdminPrivacyPage() {
  const { t } = useTranslation('admin-privacy');
  return (
    <AdminFrame page="admin-privacy" title={t('title')} intro={t('intro')}>
      <PrivacyRequests />
    </AdminFrame>
  );
}

function PrivacyRequests() {
  const { t } = useTranslation('admin-privacy');
  const { locale } = useLocale();
  const id = useId();
  const [status, setStatus] = useState<PrivacyRequestStatus | ''>('open');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<PrivacyRequestView>();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const load = useApiQuery(['admin-privacy', status, page], () => fetchPrivacyRequests(status, page));

  const answered = (text: string, kind: 'ok' | 'error' = 'ok') => {
    setAnswering(undefined);
    setMessage({ kind, text });
    load.refetch();
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('tableLabel')}
      </h2>
      <div className="field admin-privacy__filter">
        <label htmlFor={`${id}-status`}>{t('filter')}</label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PrivacyRequestStatus | '');
            setPage(1);
          }}
        >
          {PRIVACY_REQUEST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`statuses.${value}`)}
            </option>
          ))}
          <option value="">{t('all')}</option>
        </select>
      </div>
      <div role="status">{message?.kind === 'ok' && <p className="notice">{message.text}</p>}</div>
      {message?.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {message.text}
        </p>
      )}
      <QueryStatus state={load.state} loading={t('loading')} failed={t('loadFailed')} />
      {load.state === 'ready' &&
        (load.data.requests.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ListTable
            label={t('tableLabel')}
            columns={[t('kind'), t('customer'), t('received'), t('due'), t('daysLeft'), t('statusColumn')]}
            actions={t('actions')}
          >
            {load.data.requests.map((request) => (
              <tr key={request.id}>
                <td data-label={t('kind')}>{t(`kinds.${request.kind}`)}</td>
                <td data-label={t('customer')}>
                  {request.email}
                  {request.openedByStaff && <span className="muted"> · {t('byStaff')}</span>}
                </td>
                <td data-label={t('received')}>{formatDateTime(request.receivedAt, locale)}</td>
                <td data-label={t('due')}>
                  {formatDateTime(request.dueAt, locale)}
                  {request.extensionReason && <div className="muted">{t('extendedOn', { reason: request.extensionReason })}</div>}
                </td>
                <td data-label={t('daysLeft')}>{request.status === 'open' ? <DaysLeft dueAt={request.dueAt} /> : '—'}</td>
                <td data-label={t('statusColumn')}>
                  {t(`statuses.${request.status}`)}
                  {request.outcomeNote && <div className="muted">{request.outcomeNote}</div>}
                </td>
                <td>
                  {request.status === 'open' && (
                    <button type="button" className="button button--outline button--small" onClick={() => setAnswering(request)}>
                      {t('answer')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        ))}
      {load.state === 'ready' && (page > 1 || load.data.hasMore) && (
        <p className="admin-pager">
          {page > 1 && (
            <button type="button" className="button button--outline" onClick={() => setPage(page - 1)}>
              {t('previous')}
            </button>
          )}
          {load.data.hasMore && (
            <button type="button" className="button button--outline" onClick={() => setPage(page + 1)}>
              {t('more')}
            </button>
          )}
        </p>
      )}
      {answering && <AnswerForm key={answering.id} request={answering} onDone={answered} onCancel={() => setAnswering(undefined)} />}
    </section>
  );
}

/** Days left to answer: red when 7 or fewer, or past the deadline. */
function DaysLeft({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation('admin-privacy');
  const days = Math.ceil((new Date(dueAt).getTime() - Date.now()) / DAY_MS);
  const text = days < 0 ? t('overdue', { n: -days }) : days === 0 ? t('dueToday') : t('left', { n: days });
  return <span className={days <= URGENT_DAYS ? 'tag tag--danger' : undefined}>{text}</span>;
}

function AnswerForm({
  request,
  onDone,
  onCancel,
}: {
  request: PrivacyRequestView;
  onDone: (text: string, kind?: 'ok' | 'error') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-privacy');
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const send = async (answer: PrivacyAnswer) => {
    if (answer !== 'complete' && reason.trim().length < 3) return setProblem(t('reasonNeeded'));
    setProblem(undefined);
    setBusy(true);
    const result = await answerPrivacyRequest(request.id, answer, reason.trim());
    setBusy(false);
    if (result.ok) return onDone(t(answer === 'extend' ? 'extended' : answer === 'deny' ? 'denied' : 'completed'));
    const code = result.failure.code;
    if (code === 'PRIVACY_REQUEST_EXTENDED_ALREADY') return onDone(t('extendedAlready'), 'error');
    if (code === 'PRIVACY_REQUEST_CLOSED') return onDone(t('closedAlready'), 'error');
    if (code === 'INVALID_INPUT') return setProblem(t('reasonNeeded'));
    onDone(t('failed'), 'error');
  };

  return (
    <form className="form admin-privacy__answer" noValidate onSubmit={(event: FormEvent) => event.preventDefault()} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('answerTitle', { email: request.email })}</h3>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem && (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="admin-privacy__buttons">
        {!request.extendedAt && (
          <button type="button" className="button button--fill" disabled={busy} onClick={() => void send('extend')}>
            {t('extend')}
          </button>
        )}
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void send('deny')}>
          {t('deny')}
        </button>
        <button type="button" className="button button--outline" disabled={busy} onClick={() => void send('complete')}>
          {t('complete')}
        </button>
        <button type="button" className="button button--text" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
