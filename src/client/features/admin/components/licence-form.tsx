import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { setLicence } from '../api/admin-api';
import { statesOf, staffProblem } from './staff-problems';
import type { StaffMemberView } from '../../../../shared/admin/admin-model';

/** An agent's producer number and licensed states, changed in place. */
export function LicenceForm({ agent, onSaved, onCancel }: { agent: StaffMemberView; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [producerId, setProducerId] = useState(agent.producerId ?? '');
  const [states, setStates] = useState(agent.licensedStates.join(', '));
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const licensedStates = statesOf(states);
    if (!licensedStates) return setProblem(t('staff.errors.states'));
    setBusy(true);
    const result = await setLicence(agent.userId, { producerId: producerId.trim().toUpperCase(), licensedStates });
    setBusy(false);
    if (!result.ok) return setProblem(staffProblem(result.failure, t));
    onSaved();
  };

  return (
    <form className="licence-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('staff.licenceFor', { email: agent.email })}>
      <div className="field">
        <label htmlFor={`${id}-producer`}>{t('staff.producerId')}</label>
        <input id={`${id}-producer`} type="text" autoComplete="off" value={producerId} onChange={(event) => setProducerId(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-states`}>{t('staff.states')}</label>
        <input id={`${id}-states`} type="text" autoComplete="off" value={states} onChange={(event) => setStates(event.target.value)} />
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="licence-form__actions">
        <button type="submit" className="button button--fill button--small" disabled={busy}>
          {t('staff.save')}
        </button>
        <button type="button" className="button button--text button--small" onClick={onCancel}>
          {t('staff.cancel')}
        </button>
      </div>
    </form>
  );
}
