import { useId, useState, type FormEvent } from 'react';
import { emailProblem } from '../../../../shared/email-address';
import { useTranslation } from '../../../i18n/use-translation';
import { addStaff, type NewStaff } from '../api/admin-api';
import { statesOf, staffProblem } from './staff-problems';
import type { StaffRole } from '../../../../shared/admin/admin-model';

/** Adds an agent (with producer number, phone, licence and states) or an admin. */
export function AddStaffForm({ onAdded }: { onAdded: (email: string) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [role, setRole] = useState<StaffRole>('agent');
  const [values, setValues] = useState({ email: '', name: '', producerId: '', phone: '', licenseNumber: '', states: '' });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = (name: keyof typeof values) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (emailProblem(values.email)) return setProblem(t('staff.errors.email'));
    if (!values.name.trim()) return setProblem(t('staff.errors.name'));
    const body: NewStaff = { role, email: values.email.trim(), name: values.name.trim() };
    if (role === 'agent') {
      const states = statesOf(values.states);
      if (!states) return setProblem(t('staff.errors.states'));
      Object.assign(body, {
        producerId: values.producerId.trim().toUpperCase(),
        phone: values.phone.trim(),
        licenseNumber: values.licenseNumber.trim(),
        licensedStates: states,
      });
    }
    setBusy(true);
    const result = await addStaff(body);
    setBusy(false);
    if (!result.ok) return setProblem(staffProblem(result.failure, t));
    setProblem(undefined);
    setValues({ email: '', name: '', producerId: '', phone: '', licenseNumber: '', states: '' });
    onAdded(result.value.email);
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.addTitle')}</h2>
      <fieldset className="choice choice--inline">
        <legend>{t('staff.role')}</legend>
        {(['agent', 'admin'] as const).map((value) => (
          <label key={value} className="choice__option">
            <input type="radio" name={`${id}-role`} value={value} checked={role === value} onChange={() => setRole(value)} />
            {t(`roles.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="admin-form__grid">
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('staff.email')}</label>
          <input type="email" autoComplete="off" {...input('email')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('staff.name')}</label>
          <input type="text" autoComplete="off" {...input('name')} />
        </div>
        {role === 'agent' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-producerId`}>{t('staff.producerId')}</label>
              <input type="text" autoComplete="off" placeholder="MTR-1003" {...input('producerId')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-phone`}>{t('staff.phone')}</label>
              <input type="tel" autoComplete="off" {...input('phone')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-licenseNumber`}>{t('staff.licenseNumber')}</label>
              <input type="text" autoComplete="off" {...input('licenseNumber')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-states`}>{t('staff.states')}</label>
              <input type="text" autoComplete="off" placeholder="AZ, TX" aria-describedby={`${id}-states-hint`} {...input('states')} />
              <p id={`${id}-states-hint`} className="field__hint">
                {t('staff.statesHint')}
              </p>
            </div>
          </>
        )}
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--fill" disabled={busy}>
        {t('staff.add')}
      </button>
    </form>
  );
}
