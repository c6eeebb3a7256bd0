import { useId, useState, type FormEvent } from 'react';
import { emailProblem } from '../../../shared/email-address';
import { ListTable } from '../../components/ui/list-table';
import { QueryStatus } from '../../components/ui/query-status';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { fetchSessions, revokeAllSessions, revokeSession } from './api/admin-api';
import { AdminFrame } from './components/admin-frame';
import { formatDateTime } from './components/date-time';
import type { AdminSessionView } from '../../../shared/admin/admin-model';

/** Admins: a user's live sessions by e-mail, ended one or all (never a staff member's acting for them). */
export default function AdminSessionsPage() {
  const { t } = useTranslation('admin-sessions');
  return (
    <AdminFrame page="admin-sessions" title={t('title')} intro={t('intro')}>
      <SessionSearch />
    </AdminFrame>
  );
}

function SessionSearch() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const id = useId();
  const [input, setInput] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const load = useApiQuery(email ? ['admin-sessions', email] : null, () => fetchSessions(email!));

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (emailProblem(input)) return setProblem(t('sessions.invalidEmail'));
    setProblem(undefined);
    setMessage(undefined);
    setEmail(input.trim().toLowerCase());
  };

  const revoke = async (session?: AdminSessionView) => {
    if (!email) return;
    setBusy(true);
    const result = session ? await revokeSession(email, session.sessionId) : await revokeAllSessions(email);
    setBusy(false);
    if (!result.ok) setMessage(result.failure.code === 'SESSION_NOT_FOUND' ? t('sessions.alreadyGone') : t('sessions.revokeFailed'));
    else if (session) setMessage(t('sessions.revokedOne'));
    else setMessage(t('sessions.revokedAll', { n: result.value.revoked }));
    load.refetch();
  };

  const own = load.state === 'ready' ? load.data.sessions.filter((s) => s.revocable) : [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('sessions.searchTitle')}
      </h2>
      <form className="admin-search" noValidate onSubmit={search} role="search">
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('sessions.emailLabel')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-problem`} className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button button--fill">
          {t('sessions.search')}
        </button>
      </form>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {email && <QueryStatus state={load.state} loading={t('sessions.loading')} failed={t('sessions.failed')} />}
      {load.state === 'ready' && (
        <>
          <div className="admin-toolbar">
            <h3>{t('sessions.resultTitle', { email: load.data.email, n: load.data.sessions.length })}</h3>
            {own.length > 0 && (
              <button type="button" className="button button--danger" disabled={busy} onClick={() => void revoke()}>
                {t('sessions.revokeAll', { n: own.length })}
              </button>
            )}
          </div>
          {load.data.sessions.length === 0 ? (
            <p>{t('sessions.none')}</p>
          ) : (
            <ListTable
              label={t('sessions.tableLabel')}
              columns={[t('sessions.device'), t('sessions.ip'), t('sessions.created'), t('sessions.lastSeen'), t('sessions.notes')]}
              actions={t('sessions.actions')}
            >
              {load.data.sessions.map((session, index, sessions) => (
                <tr key={session.sessionId}>
                  <td data-label={t('sessions.device')}>{deviceText(session, t)}</td>
                  <td data-label={t('sessions.ip')}>{session.ip ?? t('sessions.unknown')}</td>
                  <td data-label={t('sessions.created')}>{formatDateTime(session.createdAt, locale) || t('sessions.unknown')}</td>
                  <td data-label={t('sessions.lastSeen')}>{formatDateTime(session.lastSeenAt, locale) || t('sessions.unknown')}</td>
                  <td data-label={t('sessions.notes')}>
                    {session.current && <span className="tag">{t('sessions.current')}</span>}
                    {session.onBehalfBy && <span className="tag tag--staff">{t('sessions.onBehalfBy', { email: session.onBehalfBy })}</span>}
                    {session.actingFor && <span className="tag tag--staff">{t('sessions.actingFor', { email: session.actingFor })}</span>}
                  </td>
                  <td>
                    {session.revocable ? (
                      <button
                        type="button"
                        className="button button--outline button--small"
                        disabled={busy}
                        // Which session: two from the same browser differ only by their place in the list.
                        aria-label={t(session.createdAt ? 'sessions.revokeNamed' : 'sessions.revokeNamedUndated', {
                          n: index + 1,
                          count: sessions.length,
                          device: deviceText(session, t),
                          created: formatDateTime(session.createdAt, locale),
                        })}
                        onClick={() => void revoke(session)}
                      >
                        {t('sessions.revoke')}
                      </button>
                    ) : (
                      <span className="muted">{t('sessions.notRevocable')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
        </>
      )}
    </section>
  );
}

function deviceText(session: AdminSessionView, t: (key: string, options?: Record<string, unknown>) => string): string {
  const { browser, os, mobile } = session.device;
  if (!browser && !os) return t('sessions.unknownDevice');
  const kind = t(mobile ? 'sessions.phone' : 'sessions.computer');
  return t('sessions.deviceText', { browser: browser ?? t('sessions.unknownBrowser'), os: os ?? t('sessions.unknownOs'), kind });
}
