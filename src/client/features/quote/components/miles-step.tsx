import { useState } from 'react';
import { MAX_MILES_PER_MONTH } from '../../../../shared/quote/quote-model';
import { milesProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { useProblemText } from '../use-problem-text';
import { StepFrame } from './step-frame';

export function MilesStep(props: {
  initial?: number;
  problems: Problems;
  saving: boolean;
  onChange: (miles: number | undefined) => void;
  onSave: (miles: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote');
  const [miles, setMiles] = useState(props.initial === undefined ? '' : String(props.initial));
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const submit = () => {
    const value = miles === '' ? undefined : Number(miles);
    const problems = milesProblems(value);
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(value!);
  };
  return (
    <StepFrame title={t('miles.heading')} intro={t('miles.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <TextField
        label={t('miles.label')}
        hint={t('miles.hint', { max: MAX_MILES_PER_MONTH.toLocaleString() })}
        error={text('milesPerMonth')}
        name="milesPerMonth"
        inputMode="numeric"
        maxLength={5}
        value={miles}
        onChange={(event) => {
          const value = event.target.value.replace(/\D/g, '').slice(0, 5);
          setMiles(value);
          setLocal({});
          props.onChange(value === '' ? undefined : Number(value));
        }}
      />
    </StepFrame>
  );
}
