import { useState, type FormEvent } from 'react';
import { CLAIM_TEXT_LIMITS } from '../../../../shared/claims/claim-model';
import { settles } from '../../../../shared/claims/claim-settlement';
import { nextStatuses, type ClaimStatus } from '../../../../shared/claims/claim-states';
import { RadioGroup, TextAreaField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { moveClaim, type StaffClaimView } from '../../../lib/claims/claims-api';
import type { ApiFailure } from '../../../lib/api/api-result';

function failureText(failure: ApiFailure): string {
  if (
    failure.code === 'CLAIM_STATUS_CHANGED' ||
    failure.code === 'CLAIM_TRANSITION_NOT_ALLOWED' ||
    failure.code === 'CLAIM_NOT_FOUND' ||
    failure.code === 'CLAIM_SETTLEMENT_NOT_ALLOWED'
  )
    return `errors.${failure.code}`;
  return failure.status === 400 ? 'errors.invalid' : 'errors.failed';
}

/**
 * The next step of a claim and the note the customer will read: only the legal steps are offered,
 * and only those this person may take (an agent, or whoever filed the report, does not settle it:
 * claim-settlement.ts), with the reason the others are not.
 */
export function ClaimMoveForm({ claim, onMoved }: { claim: StaffClaimView; onMoved: (claim: StaffClaimView) => void }) {
  const { t } = useTranslation('staff-claims');
  const [to, setTo] = useState<ClaimStatus>();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ to?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const legal = nextStatuses(claim.status);
  const options = claim.settleBlocked ? legal.filter((status) => !settles(claim.status, status)) : legal;
  const blocked =
    claim.settleBlocked && options.length < legal.length ? <p className="muted claim-move__blocked">{t(`settleBlocked.${claim.settleBlocked}`)}</p> : null;

  if (legal.length === 0) return <p className="muted">{t('final')}</p>;
  if (options.length === 0) return blocked;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { to: to ? undefined : t('errors.toRequired'), note: note.trim().length >= 3 ? undefined : t('errors.noteRequired') };
    setErrors(found);
    if (found.to || found.note) return;
    setBusy(true);
    const moved = await moveClaim(claim.id, { to: to!, from: claim.status, note: note.trim() });
    setBusy(false);
    if (!moved.ok) return setErrors({ form: t(failureText(moved.failure)) });
    setTo(undefined);
    setNote('');
    onMoved(moved.value);
  };

  return (
    <form className="form claim-move" onSubmit={(event) => void onSubmit(event)} noValidate>
      {blocked}
      <RadioGroup
        legend={t('moveTo')}
        name={`claim-${claim.id}-to`}
        value={to}
        options={options.map((value) => ({ value, label: t(`status.${value}`, { ns: 'claims' }) }))}
        onChange={setTo}
        error={errors.to}
        inline
      />
      <TextAreaField
        label={t('note')}
        hint={t('noteHint')}
        value={note}
        rows={3}
        maxLength={CLAIM_TEXT_LIMITS.note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
      />
      {errors.form && (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--fill" disabled={busy}>
          {t('move')}
        </button>
      </div>
    </form>
  );
}
