import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  HOUSEHOLD_ROLES,
  type HouseholdMemberView,
  type HouseholdRole,
  type HouseholdState,
  type HouseholdView,
  type SharedPolicyView,
} from '../../../../shared/policy/household-model';
import { PolicyDocuments } from '../../../components/policy/policy-documents';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { QueryStatus } from '../../../components/ui/query-status';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { acceptInvitation, acceptInvitationToken, fetchHousehold, inviteToPolicy, leavePolicy, removeFromPolicy } from '../api/household-api';
import { announceHouseholdChanged } from './household-changed';
import { MemberRoleForm } from './member-role-form';
import type { ApiFailure } from '../../../lib/api/api-result';

type News = { kind: 'ok' | 'error'; text: string };

/** The invitation token a link carries in the page's fragment (#household=…): never sent to the server in a URL. */
function tokenInFragment(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return /^#household=([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1];
}

/**
 * Issue 27, a household: the first named insured invites a second named insured to a policy with
 * one role and removes them; a member sees the policies shared with them (their role, the
 * documents) and leaves; an invitation to the signed-in address is accepted here, from the
 * e-mail's link or from the list. Read with the page (GET /api/household's answer, preloaded).
 */
export function HouseholdPanel() {
  const { t } = useTranslation('profile');
  const id = useId();
  const load = useApiQuery(['household'], fetchHousehold);
  const [news, setNews] = useState<News>();
  const [token, setToken] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => setToken(tokenInFragment()), []);

  const refusal = (failure: ApiFailure) => {
    const known = [
      'HOUSEHOLD_WRONG_EMAIL',
      'HOUSEHOLD_INVITATION_EXPIRED',
      'HOUSEHOLD_INVITATION_USED',
      'HOUSEHOLD_INVITATION_NOT_FOUND',
      'HOUSEHOLD_ACCEPT_BY_INVITEE',
    ];
    return failure.code && known.includes(failure.code) ? t(`household.errors.${failure.code}`) : t('household.failed');
  };

  const accepted = (shared: SharedPolicyView) => {
    load.setData((view) => ({
      ...view,
      shared: [shared, ...view.shared.filter((s) => s.membershipId !== shared.membershipId)],
      invitations: view.invitations.filter((i) => i.id !== shared.membershipId),
    }));
    announceHouseholdChanged();
    setNews({ kind: 'ok', text: t('household.acceptedNews', { number: shared.policyNumber, role: t(`household.roles.${shared.role}`) }) });
  };

  const accept = async (how: { token: string } | { id: string }) => {
    setBusy(true);
    setNews(undefined);
    const answer = 'token' in how ? await acceptInvitationToken(how.token) : await acceptInvitation(how.id);
    setBusy(false);
    if ('token' in how) {
      setToken(undefined);
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    if (answer.ok) accepted(answer.value);
    else setNews({ kind: 'error', text: refusal(answer.failure) });
  };

  const leave = async (shared: SharedPolicyView) => {
    setBusy(true);
    setNews(undefined);
    const answer = await leavePolicy(shared.membershipId);
    setBusy(false);
    if (answer.ok || answer.failure.code === 'HOUSEHOLD_MEMBER_NOT_FOUND') {
      load.setData((view) => ({ ...view, shared: view.shared.filter((s) => s.membershipId !== shared.membershipId) }));
      announceHouseholdChanged();
      setNews({ kind: 'ok', text: t('household.leftNews', { number: shared.policyNumber }) });
    } else setNews({ kind: 'error', text: t('household.failed') });
  };

  const view: HouseholdView | undefined = load.state === 'ready' ? load.data : undefined;
  return (
    <section className="profile-section household" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('household.title')}</h2>
      <p className="muted">{t('household.intro')}</p>
      <QueryStatus state={load.state} loading={t('household.loading')} failed={t('household.loadFailed')} />
      {token && (
        <div className="household__invitation notice">
          <p>{t('household.linkInvitation')}</p>
          <button type="button" className="button button--fill" onClick={() => void accept({ token })} disabled={busy}>
            {t('household.accept')}
          </button>
        </div>
      )}
      <div role="status">{news && <p className={news.kind === 'ok' ? 'notice' : 'field__error'}>{news.text}</p>}</div>
      {view && view.invitations.length > 0 && (
        <>
          <h3>{t('household.invitationsTitle')}</h3>
          <ul className="household__list">
            {view.invitations.map((invitation) => (
              <li key={invitation.id} className="household__item">
                <span>
                  {t('household.invitationLine', {
                    owner: invitation.ownerName,
                    number: invitation.policyNumber,
                    role: t(`household.roles.${invitation.role}`),
                  })}
                </span>
                <button type="button" className="button button--outline" onClick={() => void accept({ id: invitation.id })} disabled={busy}>
                  {t('household.accept')} <span className="visually-hidden">{invitation.policyNumber}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {view && view.shared.length > 0 && (
        <>
          <h3>{t('household.sharedTitle')}</h3>
          <ul className="household__list">
            {view.shared.map((shared) => (
              <li key={shared.membershipId} className="household__shared">
                <p>
                  <strong>{t('household.sharedPolicy', { number: shared.policyNumber })}</strong>{' '}
                  <span className="household__badge">{t('household.sharedBadge')}</span>
                  <br />
                  <span className="muted">
                    {t('household.sharedBy', { owner: shared.ownerName })} · {t('household.yourRole', { role: t(`household.roles.${shared.role}`) })}
                  </span>
                </p>
                <PolicyDocuments
                  policy={{
                    id: shared.policyId,
                    number: shared.policyNumber,
                    status: shared.status,
                    state: shared.state,
                    cancellationDate: shared.cancellationDate ?? undefined,
                  }}
                />
                <button type="button" className="button button--text" onClick={() => void leave(shared)} disabled={busy}>
                  {t('household.leave')} <span className="visually-hidden">{shared.policyNumber}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {view?.owned.map((policy) => (
        <OwnedPolicyHousehold
          key={policy.policyId}
          policy={policy}
          onChange={(members) => load.setData((v) => ({ ...v, owned: v.owned.map((p) => (p.policyId === policy.policyId ? { ...p, members } : p)) }))}
        />
      ))}
    </section>
  );
}

/** One of the owner's policies: whom it is shared with (role, state, the role's change, Remove) and the invite form. */
function OwnedPolicyHousehold({
  policy,
  onChange,
}: {
  policy: HouseholdView['owned'][number];
  onChange: (members: HouseholdView['owned'][number]['members']) => void;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<HouseholdRole>('view');
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState<News>();
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const heading = useRef<HTMLHeadingElement>(null);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = { name: name.trim() ? undefined : t('household.nameRequired'), email: email.trim() ? undefined : t('household.emailRequired') };
    setErrors(missing);
    if (missing.name || missing.email) return;
    setBusy(true);
    setNews(undefined);
    const answer = await inviteToPolicy(policy.policyId, { name: name.trim(), email: email.trim(), role });
    setBusy(false);
    if (!answer.ok) {
      const code = answer.failure.code;
      if (code === 'INVALID_INPUT' && answer.failure.fields?.email) setErrors({ email: t('household.emailInvalid') });
      else if (code === 'HOUSEHOLD_SELF_INVITE') setErrors({ email: t('household.errors.HOUSEHOLD_SELF_INVITE') });
      else if (code === 'HOUSEHOLD_ALREADY_INVITED' || code === 'HOUSEHOLD_TOO_MANY') setNews({ kind: 'error', text: t(`household.errors.${code}`) });
      else setNews({ kind: 'error', text: t('household.failed') });
      return;
    }
    onChange([answer.value, ...policy.members]);
    setNews({ kind: 'ok', text: t('household.invitedNews', { name: answer.value.name, email: answer.value.email }) });
    setName('');
    setEmail('');
  };

  const remove = async (memberId: string, who: string) => {
    setBusy(true);
    setNews(undefined);
    const answer = await removeFromPolicy(policy.policyId, memberId);
    setBusy(false);
    if (answer.ok || answer.failure.code === 'HOUSEHOLD_MEMBER_NOT_FOUND') {
      onChange(policy.members.filter((m) => m.id !== memberId));
      setNews({ kind: 'ok', text: t('household.removedNews', { name: who }) });
    } else setNews({ kind: 'error', text: t('household.failed') });
  };

  const saved = (member: HouseholdMemberView) => onChange(policy.members.map((m) => (m.id === member.id ? member : m)));
  // A member who ended meanwhile leaves the list (an expired invitation stays, marked so); focus, on their Save, goes to the policy's heading.
  const ended = (memberId: string, state: HouseholdState | undefined, text: string) => {
    onChange(state === 'expired' ? policy.members.map((m) => (m.id === memberId ? { ...m, state } : m)) : policy.members.filter((m) => m.id !== memberId));
    setNews({ kind: 'error', text });
    heading.current?.focus();
  };

  const day = (at: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(at));
  return (
    <div className="household__policy" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('household.ownedTitle', { number: policy.policyNumber })}
      </h3>
      {policy.members.length === 0 ? (
        <p className="muted">{t('household.none')}</p>
      ) : (
        <ul className="household__list">
          {policy.members.map((member) => (
            <li key={member.id} className="household__member">
              <div className="household__item">
                <span>
                  <strong>{member.name}</strong> <span className="muted">{member.email}</span>
                  <br />
                  <span className="muted">
                    {t(`household.roles.${member.role}`)} · {t(`household.states.${member.state}`, { day: day(member.expiresAt) })}
                  </span>
                </span>
                <button type="button" className="button button--text" onClick={() => void remove(member.id, member.name)} disabled={busy}>
                  {t('household.remove')} <span className="visually-hidden">{member.name}</span>
                </button>
              </div>
              {(member.state === 'active' || member.state === 'pending') && (
                <MemberRoleForm policyId={policy.policyId} member={member} onSaved={saved} onEnded={(state, text) => ended(member.id, state, text)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="form household__form" noValidate onSubmit={(event) => void invite(event)}>
        <h4>{t('household.inviteTitle')}</h4>
        <TextField
          label={t('household.name')}
          name="inviteeName"
          autoComplete="off"
          maxLength={100}
          value={name}
          error={errors.name}
          disabled={busy}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('household.email')}
          hint={t('household.emailHint')}
          name="inviteeEmail"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          error={errors.email}
          disabled={busy}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label={t('household.role')}
          hint={t(`household.roleHints.${role}`)}
          name="inviteeRole"
          value={role}
          disabled={busy}
          onChange={(event) => setRole(event.target.value as HouseholdRole)}
        >
          {HOUSEHOLD_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`household.roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <p className="field__hint">{t('household.ownerOnly')}</p>
        <div>
          <button type="submit" className="button button--fill" disabled={busy}>
            {busy ? t('household.inviting') : t('household.invite')} <span className="visually-hidden">{policy.policyNumber}</span>
          </button>
        </div>
        <div role="status">{news && <p className={news.kind === 'ok' ? 'notice' : 'field__error'}>{news.text}</p>}</div>
      </form>
    </div>
  );
}
