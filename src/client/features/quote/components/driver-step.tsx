import { useState } from 'react';
import { isoDay } from '../../../../shared/dates/iso-day';
import { PRIOR_INSURANCE, type PriorInsurance, type QuoteDriver } from '../../../../shared/quote/quote-model';
import { driverProblems, priorInsuranceProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { SelectField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { useProblemText } from '../use-problem-text';
import { DriverFields, driverDraftOf, driverFromDraft } from './driver-fields';
import { StepFrame } from './step-frame';

/** Insured today, and for how long: a select both the quote and the application ask. */
export function PriorInsuranceField(props: { value?: PriorInsurance; onChange: (value?: PriorInsurance) => void; error?: string; name: string }) {
  const { t } = useTranslation('quote');
  return (
    <SelectField
      label={t('driver.priorInsurance.label')}
      error={props.error}
      name={props.name}
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.target.value || undefined) as PriorInsurance | undefined)}
    >
      <option value="">{t('vehicle.choose')}</option>
      {PRIOR_INSURANCE.map((value) => (
        <option key={value} value={value}>
          {t(`driver.priorInsurance.options.${value}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The driver, and whether they are insured today (the price depends on both). */
export function DriverStep(props: {
  initial?: QuoteDriver;
  initialPrior?: PriorInsurance;
  problems: Problems;
  saving: boolean;
  onSave: (driver: QuoteDriver, priorInsurance: PriorInsurance) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote');
  const [draft, setDraft] = useState(() => driverDraftOf(props.initial));
  const [prior, setPrior] = useState(props.initialPrior);
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });

  const submit = () => {
    const driver = driverFromDraft(draft);
    const problems = { ...driverProblems(driver, isoDay(new Date())), ...priorInsuranceProblems(prior) };
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(driver, prior!);
  };

  return (
    <StepFrame title={t('driver.heading')} intro={t('driver.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <DriverFields draft={draft} onChange={setDraft} error={(field) => text(`driver.${field}`)} />
      <PriorInsuranceField name="priorInsurance" value={prior} onChange={setPrior} error={text('priorInsurance')} />
    </StepFrame>
  );
}
