import { useState } from 'react';
import { isoDay } from '../../../../../shared/dates/iso-day';
import { MAX_DRIVERS, RELATIONSHIPS, type AdditionalDriver, type Relationship } from '../../../../../shared/quote/application-model';
import { additionalDriversProblems } from '../../../../../shared/quote/application-validation';
import { type Problems } from '../../../../../shared/quote/quote-validation';
import { useIncidentErrors } from '../../../../components/incidents/incident-errors';
import { IncidentFields, incidentsDraftOf, incidentsFromDraft, type IncidentsDraft } from '../../../../components/incidents/incident-fields';
import { SelectField } from '../../../../components/ui/form-fields';
import { useTranslation } from '../../../../i18n/use-translation';
import { useProblemText } from '../../use-problem-text';
import { DriverFields, driverDraftOf, driverFromDraft, type DriverDraft } from '../driver-fields';
import { StepFrame } from '../step-frame';
import type { QuoteDriver } from '../../../../../shared/quote/quote-model';

type Draft = { relationship: Relationship | ''; driver: DriverDraft; incidents: IncidentsDraft };

function draftOf(driver?: AdditionalDriver): Draft {
  return { relationship: driver?.relationship ?? '', driver: driverDraftOf(driver), incidents: incidentsDraftOf(driver?.incidents) };
}

/** The household's other drivers: everyone who drives the cars regularly. */
export function DriversSection(props: {
  primary: QuoteDriver;
  initial?: AdditionalDriver[];
  problems: Problems;
  saving: boolean;
  onSave: (drivers: AdditionalDriver[]) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote-application');
  const [drafts, setDrafts] = useState<Draft[]>(() => (props.initial ?? []).map(draftOf));
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const incidentErrors = useIncidentErrors({ ...props.problems, ...local });
  const update = (index: number, patch: Partial<Draft>) => setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  const submit = () => {
    const missing: Problems = {};
    const drivers = drafts.map((draft, index) => {
      const incidents = incidentsFromDraft(draft.incidents);
      if (!incidents) missing[`drivers.${index}.any`] = 'required';
      return { ...driverFromDraft(draft.driver), relationship: draft.relationship, incidents: incidents ?? [] } as AdditionalDriver;
    });
    const problems = { ...missing, ...additionalDriversProblems(drivers, isoDay(new Date())) };
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(drivers);
  };

  return (
    <StepFrame title={t('drivers.heading')} intro={t('drivers.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <p className="summary-line">{t('drivers.primary', { name: `${props.primary.firstName} ${props.primary.lastName}` })}</p>
      {drafts.map((draft, index) => (
        <fieldset key={index} className="repeat-group">
          <legend>{t('drivers.item', { n: index + 2 })}</legend>
          <SelectField
            label={t('drivers.relationship')}
            error={text(`drivers.${index}.relationship`, 'relationship')}
            name={`driver-${index}-relationship`}
            value={draft.relationship}
            onChange={(e) => update(index, { relationship: e.target.value as Relationship })}
          >
            <option value="">{t('choose')}</option>
            {RELATIONSHIPS.map((r) => (
              <option key={r} value={r}>
                {t(`drivers.relationships.${r}`)}
              </option>
            ))}
          </SelectField>
          <DriverFields
            draft={draft.driver}
            onChange={(driver) => update(index, { driver })}
            error={(field) => text(`drivers.${index}.${field}`, `driver.${field}`)}
          />
          <IncidentFields
            legend={t('drivers.incidents')}
            draft={draft.incidents}
            onChange={(incidents) => update(index, { incidents })}
            error={incidentErrors({ list: `drivers.${index}.incidents`, any: `drivers.${index}.any` })}
          />
          <button type="button" className="button button--text" onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}>
            {t('drivers.remove', { n: index + 2 })}
          </button>
        </fieldset>
      ))}
      {drafts.length < MAX_DRIVERS - 1 && (
        <button type="button" className="button button--outline" onClick={() => setDrafts((list) => [...list, draftOf()])}>
          {t('drivers.add')}
        </button>
      )}
    </StepFrame>
  );
}
