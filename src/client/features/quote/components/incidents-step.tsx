import { useState } from 'react';
import { isoDay } from '../../../../shared/dates/iso-day';
import { incidentProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { useIncidentErrors } from '../../../components/incidents/incident-errors';
import { IncidentFields, incidentsDraftOf, incidentsFromDraft } from '../../../components/incidents/incident-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { StepFrame } from './step-frame';
import type { QuoteIncident } from '../../../../shared/quote/quote-model';

/** The driver's record of the last three years. */
export function IncidentsStep(props: {
  initial?: QuoteIncident[];
  problems: Problems;
  saving: boolean;
  onSave: (incidents: QuoteIncident[]) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote');
  const [draft, setDraft] = useState(() => incidentsDraftOf(props.initial));
  const [local, setLocal] = useState<Problems>({});
  const incidentErrors = useIncidentErrors({ ...props.problems, ...local });

  const submit = () => {
    const incidents = incidentsFromDraft(draft);
    if (!incidents) return setLocal({ any: 'required' });
    const problems = incidentProblems(incidents, isoDay(new Date()));
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(incidents);
  };

  return (
    <StepFrame title={t('incidents.heading')} intro={t('incidents.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <IncidentFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setLocal({});
        }}
        error={incidentErrors({ list: 'incidents', any: 'any' })}
      />
    </StepFrame>
  );
}
