import { useState } from 'react';
import { isoDay } from '../../../../shared/dates/iso-day';
import { vehicleProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { useProblemText } from '../use-problem-text';
import { StepFrame } from './step-frame';
import { VehicleFields, vehicleDraftOf, vehicleFromDraft } from './vehicle-fields';
import type { QuoteVehicle } from '../../../../shared/quote/quote-model';

/** The quote's car. */
export function VehicleStep(props: {
  initial?: QuoteVehicle;
  problems: Problems;
  saving: boolean;
  onSave: (vehicle: QuoteVehicle) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote');
  const [draft, setDraft] = useState(() => vehicleDraftOf(props.initial));
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });

  const submit = () => {
    const vehicle = vehicleFromDraft(draft);
    const problems = vehicleProblems(vehicle, isoDay(new Date()));
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(vehicle);
  };

  return (
    <StepFrame title={t('vehicle.heading')} intro={t('vehicle.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <VehicleFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setLocal({});
        }}
        error={(field) => text(`vehicle.${field}`)}
      />
    </StepFrame>
  );
}
