import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zipProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { TextField } from '../../../components/ui/form-fields';
import { useProblemText } from '../use-problem-text';
import { StepFrame } from './step-frame';

export function ZipStep(props: { initial?: string; problems: Problems; saving: boolean; onSave(zip: string): void }) {
  const { t } = useTranslation('quote');
  const [zip, setZip] = useState(props.initial ?? '');
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const submit = () => {
    const problems = zipProblems(zip.trim());
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(zip.trim());
  };
  return (
    <StepFrame title={t('zip.heading')} intro={t('zip.intro')} saving={props.saving} onSubmit={submit}>
      <TextField
        label={t('zip.label')}
        hint={t('zip.hint')}
        error={text('zip')}
        name="zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={zip}
        onChange={(event) => {
          setZip(event.target.value.replace(/\D/g, '').slice(0, 5));
          setLocal({});
        }}
      />
    </StepFrame>
  );
}
