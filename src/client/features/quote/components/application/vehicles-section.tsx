import { useState } from 'react';
import { isoDay } from '../../../../../shared/dates/iso-day';
import { MAX_VEHICLES } from '../../../../../shared/quote/application-model';
import { additionalVehiclesProblems } from '../../../../../shared/quote/application-validation';
import { type QuoteVehicle, vehicleName } from '../../../../../shared/quote/quote-model';
import { type Problems } from '../../../../../shared/quote/quote-validation';
import { useTranslation } from '../../../../i18n/use-translation';
import { useProblemText } from '../../use-problem-text';
import { StepFrame } from '../step-frame';
import { VehicleFields, vehicleDraftOf, vehicleFromDraft, type VehicleDraft } from '../vehicle-fields';

/** The household's other cars; each is priced with every driver. */
export function VehiclesSection(props: {
  primary: QuoteVehicle;
  initial?: QuoteVehicle[];
  problems: Problems;
  saving: boolean;
  onSave: (vehicles: QuoteVehicle[]) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote-application');
  const [drafts, setDrafts] = useState<VehicleDraft[]>(() => (props.initial ?? []).map(vehicleDraftOf));
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });

  const submit = () => {
    const vehicles = drafts.map(vehicleFromDraft);
    const problems = additionalVehiclesProblems(vehicles, isoDay(new Date()));
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(vehicles);
  };

  return (
    <StepFrame title={t('vehicles.heading')} intro={t('vehicles.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <p className="summary-line">{t('vehicles.primary', { car: vehicleName(props.primary) })}</p>
      {drafts.map((draft, index) => (
        <fieldset key={index} className="repeat-group">
          <legend>{t('vehicles.item', { n: index + 2 })}</legend>
          <VehicleFields
            draft={draft}
            onChange={(next) => setDrafts((list) => list.map((d, i) => (i === index ? next : d)))}
            error={(field) => text(`vehicles.${index}.${field}`, `vehicle.${field}`)}
          />
          <button type="button" className="button button--text" onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}>
            {t('vehicles.remove', { n: index + 2 })}
          </button>
        </fieldset>
      ))}
      {drafts.length < MAX_VEHICLES - 1 && (
        <button type="button" className="button button--outline" onClick={() => setDrafts((list) => [...list, vehicleDraftOf()])}>
          {t('vehicles.add')}
        </button>
      )}
    </StepFrame>
  );
}
