import { useState, type FormEvent } from 'react';
import { HOUSEHOLD_ROLES, type HouseholdMemberView, type HouseholdRole, type HouseholdState } from '../../../../shared/policy/household-model';
import { SelectField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { changeMemberRole } from '../api/household-api';

type News = { kind: 'ok' | 'error'; text: string };

/**
 * A member's or an invitation's role on the owner's policy, changed in place (issue 27, nineteenth
 * session): the roles with their meanings as the invite form shows them, and Save. The button is
 * never disabled while saving (only marked so): focus stays on it, and the answer is read out
 * from the status line under it. One that ended meanwhile (expired, removed, left) is the
 * panel's to take from the list (`onEnded`).
 */
export function MemberRoleForm({
  policyId,
  member,
  onSaved,
  onEnded,
}: {
  policyId: string;
  member: HouseholdMemberView;
  onSaved: (member: HouseholdMemberView) => void;
  onEnded: (state: HouseholdState | undefined, text: string) => void;
}) {
  const { t } = useTranslation('profile');
  const [role, setRole] = useState<HouseholdRole>(member.role);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const same = role === member.role;
    setBusy(true);
    setNews(undefined);
    const answer = await changeMemberRole(policyId, member.id, role);
    setBusy(false);
    if (answer.ok) {
      onSaved(answer.value);
      const values = { name: member.name, role: t(`household.roles.${answer.value.role}`) };
      const key = same ? 'roleSameNews' : answer.value.state === 'pending' ? 'roleSavedPendingNews' : 'roleSavedNews';
      setNews({ kind: 'ok', text: t(`household.${key}`, values) });
      return;
    }
    const { code, extra } = answer.failure;
    if (code === 'HOUSEHOLD_MEMBER_ENDED') onEnded(extra.state as HouseholdState | undefined, t('household.roleEndedNews', { name: member.name }));
    else if (code === 'HOUSEHOLD_MEMBER_NOT_FOUND') onEnded('revoked', t('household.removedNews', { name: member.name }));
    else setNews({ kind: 'error', text: t('household.failed') });
  };

  return (
    <form className="household__role" noValidate onSubmit={(event) => void save(event)}>
      <SelectField
        label={t('household.memberRole', { name: member.name })}
        hint={t(`household.roleHints.${role}`)}
        name={`role-${member.id}`}
        value={role}
        onChange={(event) => {
          setRole(event.target.value as HouseholdRole);
          setNews(undefined);
        }}
      >
        {HOUSEHOLD_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`household.roles.${r}`)}
          </option>
        ))}
      </SelectField>
      <div>
        <button type="submit" className="button button--outline" aria-disabled={busy || undefined}>
          {busy ? t('household.savingRole') : t('household.saveRole')} <span className="visually-hidden">{member.name}</span>
        </button>
      </div>
      <div role="status" className="household__role-news">
        {news && <p className={news.kind === 'ok' ? 'notice' : 'field__error'}>{news.text}</p>}
      </div>
    </form>
  );
}
