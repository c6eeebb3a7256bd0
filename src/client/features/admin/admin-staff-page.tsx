import { useState } from 'react';
import { ListTable } from '../../components/ui/list-table';
import { QueryStatus } from '../../components/ui/query-status';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { useSession } from '../../lib/session/session-context';
import { deactivateStaff, fetchStaff } from './api/admin-api';
import { AddStaffForm } from './components/add-staff-form';
import { AdminFrame } from './components/admin-frame';
import { formatDateTime } from './components/date-time';
import { LicenceForm } from './components/licence-form';
import { staffProblem } from './components/staff-problems';
import type { StaffMemberView } from '../../../shared/admin/admin-model';

/** Admins: every agent and admin; add one, deactivate one, set an agent's producer number and states. */
export default function AdminStaffPage() {
  const { t } = useTranslation('admin-staff');
  return (
    <AdminFrame page="admin-staff" title={t('title')} intro={t('intro')}>
      <StaffList />
    </AdminFrame>
  );
}

function StaffList() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const { session } = useSession();
  const load = useApiQuery(['admin-staff'], fetchStaff);
  const [editing, setEditing] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();

  const deactivate = async (member: StaffMemberView) => {
    setConfirming(undefined);
    const result = await deactivateStaff(member.userId);
    setMessage(
      result.ok ? { text: t('staff.deactivated', { email: member.email, n: result.value.sessions }) } : { text: staffProblem(result.failure, t), error: true },
    );
    load.refetch();
  };

  return (
    <>
      <AddStaffForm
        onAdded={(email) => {
          setMessage({ text: t('staff.added', { email }) });
          load.refetch();
        }}
      />
      {message && (
        <p className={message.error ? 'notice notice--error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <h2>{t('staff.listTitle')}</h2>
      <QueryStatus state={load.state} loading={t('staff.loading')} failed={t('staff.failed')} retry={{ label: t('audit.retry'), onClick: load.refetch }} />
      {load.state === 'ready' && (
        <ListTable
          label={t('staff.listTitle')}
          columns={[t('staff.person'), t('staff.role'), t('staff.licence'), t('staff.lastSignIn')]}
          actions={t('staff.actions')}
        >
          {load.data.map((member) => (
            <tr key={member.userId} className={member.active ? undefined : 'admin-table__inactive'}>
              <td data-label={t('staff.person')} className="admin-table__email">
                <strong>{member.name ?? member.email}</strong>
                <br />
                {member.email}
              </td>
              <td data-label={t('staff.role')}>
                {t(`roles.${member.role}`)}
                {!member.active && <span className="tag">{t('staff.inactive')}</span>}
              </td>
              <td data-label={t('staff.licence')}>
                {editing === member.userId ? (
                  <LicenceForm
                    agent={member}
                    onCancel={() => setEditing(undefined)}
                    onSaved={() => {
                      setEditing(undefined);
                      setMessage({ text: t('staff.licenceSaved', { email: member.email }) });
                      load.refetch();
                    }}
                  />
                ) : member.role === 'agent' ? (
                  <>
                    {member.producerId} · {member.licensedStates.join(', ')}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td data-label={t('staff.lastSignIn')}>{formatDateTime(member.lastSignInAt, locale) || t('staff.never')}</td>
              <td>
                <div className="admin-table__actions">
                  {member.active && member.role === 'agent' && editing !== member.userId && (
                    <button type="button" className="button button--outline button--small" onClick={() => setEditing(member.userId)}>
                      {t('staff.editLicence')}
                    </button>
                  )}
                  {member.active &&
                    member.email !== session?.userEmail &&
                    (confirming === member.userId ? (
                      <>
                        <button type="button" className="button button--danger button--small" onClick={() => void deactivate(member)}>
                          {t('staff.confirmDeactivate')}
                        </button>
                        <button type="button" className="button button--text button--small" onClick={() => setConfirming(undefined)}>
                          {t('staff.cancel')}
                        </button>
                      </>
                    ) : (
                      <button type="button" className="button button--text button--small" onClick={() => setConfirming(member.userId)}>
                        {t('staff.deactivate')}
                      </button>
                    ))}
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </>
  );
}
