import { useState } from 'react';
import { addressProblems } from '../../../../../shared/quote/application-validation';
import { TextField } from '../../../../components/ui/form-fields';
import { useTranslation } from '../../../../i18n/use-translation';
import { useProblemText } from '../../use-problem-text';
import { StepFrame } from '../step-frame';
import type { Address } from '../../../../../shared/quote/application-model';
import type { Problems } from '../../../../../shared/quote/quote-validation';

/** Where the car is kept: the street, in the quote's ZIP and state (they were priced). */
export function AddressSection(props: {
  initial?: Address;
  state: string;
  zip: string;
  problems: Problems;
  saving: boolean;
  onSave: (address: Omit<Address, 'state' | 'zip'>) => void;
}) {
  const { t } = useTranslation('quote-application');
  const [line1, setLine1] = useState(props.initial?.line1 ?? '');
  const [line2, setLine2] = useState(props.initial?.line2 ?? '');
  const [city, setCity] = useState(props.initial?.city ?? '');
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const submit = () => {
    const problems = addressProblems({ line1, line2, city, state: props.state, zip: props.zip }, props);
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave({ line1: line1.trim(), ...(line2.trim() ? { line2: line2.trim() } : {}), city: city.trim() });
  };
  return (
    <StepFrame title={t('address.heading')} intro={t('address.intro')} saving={props.saving} onSubmit={submit}>
      <TextField
        label={t('address.line1')}
        error={text('address.line1')}
        name="line1"
        autoComplete="address-line1"
        maxLength={100}
        value={line1}
        onChange={(e) => setLine1(e.target.value)}
      />
      <TextField
        label={t('address.line2')}
        error={text('address.line2')}
        name="line2"
        autoComplete="address-line2"
        maxLength={100}
        value={line2}
        onChange={(e) => setLine2(e.target.value)}
      />
      <TextField
        label={t('address.city')}
        error={text('address.city')}
        name="city"
        autoComplete="address-level2"
        maxLength={60}
        value={city}
        onChange={(e) => setCity(e.target.value)}
      />
      <p className="muted">{t('address.where', { state: t(`states.${props.state}`, { ns: 'pricing' }), zip: props.zip })}</p>
    </StepFrame>
  );
}
