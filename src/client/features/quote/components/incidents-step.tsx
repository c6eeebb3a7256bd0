import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INCIDENT_TYPES, MAX_INCIDENTS, type IncidentType, type QuoteIncident } from '../../../../shared/quote/quote-model';
import { incidentProblems, isoDay, lookbackStart, type Problems } from '../../../../shared/quote/quote-validation';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-fields';
import { useProblemText } from '../use-problem-text';
import { StepFrame } from './step-frame';

type Draft = { type: IncidentType | ''; date: string };

/** Accidents, claims and violations (spec §3 AcvIncidentType) of the last three years. */
export function IncidentsStep(props: { initial?: QuoteIncident[]; problems: Problems; saving: boolean; onSave(incidents: QuoteIncident[]): void; onBack(): void }) {
  const { t } = useTranslation('quote');
  const today = isoDay(new Date());
  const [any, setAny] = useState<'yes' | 'no' | undefined>(props.initial ? (props.initial.length ? 'yes' : 'no') : undefined);
  const [items, setItems] = useState<Draft[]>(props.initial?.length ? props.initial : [{ type: '', date: '' }]);
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });

  const update = (index: number, patch: Partial<Draft>) => setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const submit = () => {
    if (!any) return setLocal({ any: 'required' });
    const incidents = any === 'no' ? [] : (items as QuoteIncident[]);
    const problems = incidentProblems(incidents, today);
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(incidents);
  };

  return (
    <StepFrame title={t('incidents.heading')} intro={t('incidents.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      <RadioGroup
        legend={t('incidents.any.legend')}
        error={text('any')}
        name="any-incidents"
        inline
        value={any}
        options={[
          { value: 'no', label: t('incidents.any.no') },
          { value: 'yes', label: t('incidents.any.yes') },
        ]}
        onChange={(value) => {
          setAny(value);
          setLocal({});
        }}
      />
      {any === 'yes' && (
        <ol className="incident-list">
          {items.map((item, index) => (
            <li key={index} className="incident-list__item">
              <fieldset className="field-row">
                <legend>{t('incidents.item', { n: index + 1 })}</legend>
                <SelectField label={t('incidents.type')} error={text(`incidents.${index}.type`)} name={`incident-${index}-type`} value={item.type} onChange={(e) => update(index, { type: e.target.value as IncidentType })}>
                  <option value="">{t('vehicle.choose')}</option>
                  {INCIDENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`incidents.types.${type}`)}
                    </option>
                  ))}
                </SelectField>
                <TextField label={t('incidents.date')} error={text(`incidents.${index}.date`)} name={`incident-${index}-date`} type="date" min={lookbackStart(today)} max={today} value={item.date} onChange={(e) => update(index, { date: e.target.value })} />
              </fieldset>
              {items.length > 1 && (
                <button type="button" className="button button--text" onClick={() => setItems((list) => list.filter((_, i) => i !== index))}>
                  {t('incidents.remove', { n: index + 1 })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {any === 'yes' && items.length < MAX_INCIDENTS && (
        <button type="button" className="button button--outline" onClick={() => setItems((list) => [...list, { type: '', date: '' }])}>
          {t('incidents.add')}
        </button>
      )}
      {text('incidents') && <p className="field__error">{text('incidents')}</p>}
    </StepFrame>
  );
}
