import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS, PRIOR_INSURANCE, type Gender, type PriorInsurance, type QuoteDriver } from '../../../../shared/quote/quote-model';
import { driverProblems, isoDay, priorInsuranceProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-fields';
import { useProblemText } from '../use-problem-text';
import { StepFrame } from './step-frame';

interface DriverDraft {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender?: Gender;
  yearsLicensed: string;
  priorInsurance?: PriorInsurance;
}

/** The driver, and whether they are insured today (the price depends on both). */
export function DriverStep(props: {
  initial?: QuoteDriver;
  initialPrior?: PriorInsurance;
  problems: Problems;
  saving: boolean;
  onSave(driver: QuoteDriver, priorInsurance: PriorInsurance): void;
  onBack(): void;
}) {
  const { t } = useTranslation('quote');
  const [draft, setDraft] = useState<DriverDraft>({
    firstName: props.initial?.firstName ?? '',
    lastName: props.initial?.lastName ?? '',
    birthDate: props.initial?.birthDate ?? '',
    gender: props.initial?.gender,
    yearsLicensed: props.initial ? String(props.initial.yearsLicensed) : '',
    priorInsurance: props.initialPrior,
  });
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const set = (patch: Partial<DriverDraft>) => setDraft((value) => ({ ...value, ...patch }));

  const submit = () => {
    const years = draft.yearsLicensed.trim() === '' ? undefined : Number(draft.yearsLicensed);
    const driver = {
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      birthDate: draft.birthDate,
      gender: draft.gender,
      yearsLicensed: years,
    } as QuoteDriver;
    const problems = { ...driverProblems(driver, isoDay(new Date())), ...priorInsuranceProblems(draft.priorInsurance) };
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(driver, draft.priorInsurance!);
  };

  return (
    <StepFrame title={t('driver.heading')} intro={t('driver.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <div className="field-row">
        <TextField label={t('driver.firstName')} error={text('driver.firstName')} name="firstName" autoComplete="given-name" maxLength={60} value={draft.firstName} onChange={(e) => set({ firstName: e.target.value })} />
        <TextField label={t('driver.lastName')} error={text('driver.lastName')} name="lastName" autoComplete="family-name" maxLength={60} value={draft.lastName} onChange={(e) => set({ lastName: e.target.value })} />
      </div>
      <TextField label={t('driver.birthDate')} hint={t('driver.birthDateHint')} error={text('driver.birthDate')} name="birthDate" type="date" autoComplete="bday" max={isoDay(new Date())} value={draft.birthDate} onChange={(e) => set({ birthDate: e.target.value })} />
      <RadioGroup
        legend={t('driver.gender.legend')}
        hint={t('driver.gender.hint')}
        error={text('driver.gender')}
        name="gender"
        inline
        value={draft.gender}
        options={GENDERS.map((g) => ({ value: g, label: t(`driver.gender.${g}`) }))}
        onChange={(gender) => set({ gender })}
      />
      <TextField label={t('driver.yearsLicensed')} hint={t('driver.yearsLicensedHint')} error={text('driver.yearsLicensed')} name="yearsLicensed" inputMode="numeric" maxLength={2} value={draft.yearsLicensed} onChange={(e) => set({ yearsLicensed: e.target.value.replace(/\D/g, '') })} />
      <SelectField label={t('driver.priorInsurance.label')} error={text('priorInsurance')} name="priorInsurance" value={draft.priorInsurance ?? ''} onChange={(e) => set({ priorInsurance: (e.target.value || undefined) as PriorInsurance | undefined })}>
        <option value="">{t('vehicle.choose')}</option>
        {PRIOR_INSURANCE.map((value) => (
          <option key={value} value={value}>
            {t(`driver.priorInsurance.options.${value}`)}
          </option>
        ))}
      </SelectField>
    </StepFrame>
  );
}
