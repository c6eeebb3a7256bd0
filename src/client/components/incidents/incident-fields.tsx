import { useId } from 'react';
import { isoDay } from '../../../shared/dates/iso-day';
import { INCIDENT_TYPES, MAX_INCIDENTS, type IncidentType, type QuoteIncident } from '../../../shared/quote/quote-model';
import { lookbackStart } from '../../../shared/quote/quote-validation';
import { useTranslation } from '../../i18n/use-translation';
import { RadioGroup, SelectField, TextField, type FieldError } from '../ui/form-fields';

export interface IncidentsDraft {
  any?: 'yes' | 'no';
  items: { type: IncidentType | ''; date: string }[];
}

export function incidentsDraftOf(incidents?: QuoteIncident[]): IncidentsDraft {
  return { any: incidents ? (incidents.length ? 'yes' : 'no') : undefined, items: incidents?.length ? incidents : [{ type: '', date: '' }] };
}

/** The incidents as the API takes them ([] for "no"); undefined while yes/no is unanswered. */
export function incidentsFromDraft(draft: IncidentsDraft): QuoteIncident[] | undefined {
  if (!draft.any) return undefined;
  return draft.any === 'no' ? [] : (draft.items as QuoteIncident[]);
}

/**
 * Accidents, claims and violations (spec §3 AcvIncidentType) of the last three years: yes or
 * no, then each one's type and date. `error` takes 'any', 'list', '<n>.type' and '<n>.date'
 * (useIncidentErrors words the shared rules' problems). One component for the quote's driver,
 * the application's other drivers and a driver added to a policy (the profile).
 */
export function IncidentFields({
  draft,
  onChange,
  error,
  legend,
}: {
  draft: IncidentsDraft;
  onChange: (draft: IncidentsDraft) => void;
  error: FieldError;
  legend?: string;
}) {
  const { t } = useTranslation('incidents');
  const id = useId();
  const today = isoDay(new Date());
  const update = (index: number, patch: Partial<IncidentsDraft['items'][number]>) =>
    onChange({ ...draft, items: draft.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  return (
    <>
      <RadioGroup
        legend={legend ?? t('any.legend')}
        error={error('any')}
        name={`${id}-any`}
        inline
        value={draft.any}
        options={[
          { value: 'no', label: t('any.no') },
          { value: 'yes', label: t('any.yes') },
        ]}
        onChange={(any) => onChange({ ...draft, any })}
      />
      {draft.any === 'yes' && (
        <ol className="incident-list">
          {draft.items.map((item, index) => (
            <li key={index} className="incident-list__item">
              <fieldset className="field-row">
                <legend>{t('item', { n: index + 1 })}</legend>
                <SelectField
                  label={t('type')}
                  error={error(`${index}.type`)}
                  name={`${id}-${index}-type`}
                  value={item.type}
                  onChange={(e) => update(index, { type: e.target.value as IncidentType })}
                >
                  <option value="">{t('choose')}</option>
                  {INCIDENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`types.${type}`)}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={t('date')}
                  error={error(`${index}.date`)}
                  name={`${id}-${index}-date`}
                  type="date"
                  min={lookbackStart(today)}
                  max={today}
                  value={item.date}
                  onChange={(e) => update(index, { date: e.target.value })}
                />
              </fieldset>
              {draft.items.length > 1 && (
                <button type="button" className="button button--text" onClick={() => onChange({ ...draft, items: draft.items.filter((_, i) => i !== index) })}>
                  {t('remove', { n: index + 1 })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {draft.any === 'yes' && draft.items.length < MAX_INCIDENTS && (
        <button type="button" className="button button--outline" onClick={() => onChange({ ...draft, items: [...draft.items, { type: '', date: '' }] })}>
          {t('add')}
        </button>
      )}
      {error('list') && <p className="field__error">{error('list')}</p>}
    </>
  );
}
