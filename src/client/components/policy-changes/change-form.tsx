import { useState } from 'react';
import { isoDay } from '../../../shared/dates/iso-day';
import { formatDay } from '../../../shared/format/money';
import { POLICY_CHANGE_KINDS, type ChangeWindow, type PolicyChangeKind, type PolicyChangeView } from '../../../shared/policy/policy-change-model';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useIncidentErrors } from '../incidents/incident-errors';
import { incidentsDraftOf, incidentsFromDraft } from '../incidents/incident-fields';
import { SelectField, TextField } from '../ui/form-fields';
import { priceChange } from './api/policy-changes-api';
import { ChangeFields, type ChangeValues } from './change-fields';
import {
  addedDriverIncidents,
  carVinMismatch,
  changeRequest,
  DRIVER_INCIDENTS,
  failureKey,
  formFieldsOf,
  incidentProblemsOf,
  initialValues,
  withVin,
} from './change-request';
import { stateName } from './state-name';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { Problems } from '../../../shared/quote/quote-validation';

/** Kinds a policy can take now: a car to remove only with two or more, a driver to remove only with two or more. */
function kindsFor(policy: PolicyView): PolicyChangeKind[] {
  return POLICY_CHANGE_KINDS.filter((kind) =>
    kind === 'remove-vehicle' ? policy.vehicles.length > 1 : kind === 'remove-driver' ? policy.drivers.length > 1 : true,
  );
}

/** What to change and from when: priced by the server, shown for review before anything changes. */
export function ChangeForm({ policy, window, onPriced }: { policy: PolicyView; window: ChangeWindow; onPriced: (change: PolicyChangeView) => void }) {
  const { t } = useTranslation('policy-changes');
  const { locale } = useLocale();
  const [kind, setKind] = useState<PolicyChangeKind>('add-vehicle');
  const [effectiveDate, setEffectiveDate] = useState(window.earliest);
  const [values, setValues] = useState<ChangeValues>(() => initialValues('add-vehicle', policy));
  const [incidents, setIncidents] = useState(() => incidentsDraftOf());
  const [incidentProblems, setIncidentProblems] = useState<Problems>({});
  const incidentErrors = useIncidentErrors(incidentProblems);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Refused for a VIN of another car: said only while the car typed still disagrees with it.
  const [vinRefused, setVinRefused] = useState(false);
  const notice = problem ?? (vinRefused && carVinMismatch(values) ? t('errors.invalid') : undefined);

  const choose = (next: PolicyChangeKind) => {
    setKind(next);
    setValues(initialValues(next, policy));
    setIncidents(incidentsDraftOf());
    setIncidentProblems({});
    setErrors({});
    setProblem(undefined);
    setVinRefused(false);
  };

  const submit = async () => {
    // An added driver's incidents are checked here by the quote's rules first, as the server checks them.
    const added = kind === 'add-driver' ? addedDriverIncidents(incidentsFromDraft(incidents), isoDay(new Date())) : { incidents: [], problems: {} };
    setIncidentProblems(added.problems);
    if (Object.keys(added.problems).length) return setProblem(t('errors.invalid'));
    // A VIN for another car than the one typed is refused here as the quote refuses it (said at the VIN).
    const mismatch = (kind === 'add-vehicle' || kind === 'replace-vehicle') && carVinMismatch(values) !== undefined;
    setVinRefused(mismatch);
    if (mismatch) return setProblem(undefined);
    setBusy(true);
    const priced = await priceChange(policy.id, changeRequest(kind, effectiveDate, values, policy, added.incidents));
    setBusy(false);
    if (priced.ok) return onPriced(priced.value);
    const key = failureKey(priced.failure);
    const fields = formFieldsOf(priced.failure);
    setIncidentProblems(incidentProblemsOf(priced.failure));
    setErrors(Object.fromEntries(fields.map((field) => [field, t(`errors.fields.${field}`)])));
    if (key === 'date') setErrors({ effectiveDate: t('errors.date', { from: formatDay(window.earliest, locale), to: formatDay(window.latest, locale) }) });
    setProblem(
      t(`errors.${key}`, {
        state: stateName(t, priced.failure.extra.state),
        from: formatDay(window.earliest, locale),
        to: formatDay(window.latest, locale),
      }),
    );
  };

  return (
    <form
      className="form change-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField label={t('fields.kind')} name="kind" value={kind} onChange={(e) => choose(e.target.value as PolicyChangeKind)}>
        {kindsFor(policy).map((k) => (
          <option key={k} value={k}>
            {t(`kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <ChangeFields
        kind={kind}
        policy={policy}
        values={values}
        errors={errors}
        set={(name, value) => setValues((v) => (name === 'vin' ? withVin(v, value) : { ...v, [name]: value }))}
        incidents={{
          draft: incidents,
          onChange: (draft) => {
            setIncidents(draft);
            setIncidentProblems({});
            setProblem(undefined);
          },
          error: incidentErrors(DRIVER_INCIDENTS),
        }}
      />
      <TextField
        label={t('fields.effectiveDate')}
        name="effectiveDate"
        type="date"
        min={window.earliest}
        max={window.latest}
        value={effectiveDate}
        hint={t('hints.effectiveDate', { from: formatDay(window.earliest, locale), to: formatDay(window.latest, locale) })}
        error={errors.effectiveDate}
        onChange={(e) => setEffectiveDate(e.target.value)}
      />
      {notice && (
        <p className="notice notice--error" role="alert">
          {notice}
        </p>
      )}
      <div>
        <button type="submit" className="button button--fill" disabled={busy}>
          {busy ? t('pricing') : t('price')}
        </button>
      </div>
    </form>
  );
}
