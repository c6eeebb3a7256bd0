import { useState } from 'react';
import { historyProblems } from '../../../../../shared/quote/application-validation';
import { TextField } from '../../../../components/ui/form-fields';
import { useTranslation } from '../../../../i18n/use-translation';
import { useProblemText } from '../../use-problem-text';
import { PriorInsuranceField } from '../driver-step';
import { StepFrame } from '../step-frame';
import type { InsuranceHistory } from '../../../../../shared/quote/application-model';
import type { PriorInsurance } from '../../../../../shared/quote/quote-model';
import type { Problems } from '../../../../../shared/quote/quote-validation';

/** The insurance history the quote asked, confirmed, and who insures the car today. */
export function HistorySection(props: {
  initial?: InsuranceHistory;
  quoted?: PriorInsurance;
  problems: Problems;
  saving: boolean;
  onSave: (history: InsuranceHistory) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote-application');
  const [prior, setPrior] = useState(props.initial?.priorInsurance ?? props.quoted);
  const [carrier, setCarrier] = useState(props.initial?.currentCarrier ?? '');
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const insured = prior && prior !== 'none' && prior !== 'lapsed';
  const submit = () => {
    const history = { priorInsurance: prior!, ...(insured && carrier.trim() ? { currentCarrier: carrier.trim() } : {}) };
    const problems = historyProblems(history);
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(history);
  };
  return (
    <StepFrame
      title={t('history.heading')}
      intro={t('history.intro')}
      saving={props.saving}
      submitLabel={t('history.submit')}
      onSubmit={submit}
      onBack={props.onBack}
    >
      <PriorInsuranceField name="history-prior" value={prior} onChange={setPrior} error={text('history.priorInsurance', 'priorInsurance')} />
      {insured && (
        <TextField
          label={t('history.carrier')}
          hint={t('history.carrierHint')}
          error={text('history.currentCarrier')}
          name="carrier"
          maxLength={80}
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
        />
      )}
    </StepFrame>
  );
}
