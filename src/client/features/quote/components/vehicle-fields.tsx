import { useId, useMemo } from 'react';
import { isoDay } from '../../../../shared/dates/iso-day';
import { vehicleYears } from '../../../../shared/quote/quote-validation';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { vinCar, vinInput } from '../../../lib/vehicles/vin-car';
import { useVehicleOptions } from '../use-vehicle-options';
import type { QuoteVehicle } from '../../../../shared/quote/quote-model';
import type { FieldError } from '../use-problem-text';

export interface VehicleDraft {
  mode: 'catalog' | 'vin';
  vin: string;
  year?: number;
  make: string;
  model: string;
}

export function vehicleDraftOf(vehicle?: QuoteVehicle): VehicleDraft {
  return { mode: vehicle?.vin ? 'vin' : 'catalog', vin: vehicle?.vin ?? '', year: vehicle?.year, make: vehicle?.make ?? '', model: vehicle?.model ?? '' };
}

/** The year and make a VIN gives, when it is whole and valid. */
function decoded(draft: VehicleDraft) {
  return draft.mode === 'vin' ? vinCar(draft.vin) : undefined;
}

/** The car as the API takes it: with a VIN, its year (and make, when the VIN names it). */
export function vehicleFromDraft(draft: VehicleDraft): QuoteVehicle {
  if (draft.mode === 'catalog') return { year: draft.year!, make: draft.make, model: draft.model };
  const fromVin = decoded(draft);
  return { vin: draft.vin.toUpperCase(), year: fromVin?.year as number, make: fromVin?.make ?? draft.make, model: draft.model };
}

/** A car: year, make and model from our list, or a VIN that gives the year (and make). */
export function VehicleFields({ draft, onChange, error }: { draft: VehicleDraft; onChange: (draft: VehicleDraft) => void; error: FieldError }) {
  const { t } = useTranslation('quote');
  const id = useId();
  const fromVin = useMemo(() => decoded(draft), [draft]);
  const year = draft.mode === 'vin' ? fromVin?.year : draft.year;
  const make = draft.mode === 'vin' && fromVin?.make ? fromVin.make : draft.make;
  const { makes, models, failed } = useVehicleOptions(year, make || undefined);
  const { first, last } = vehicleYears(isoDay(new Date()));
  const years = Array.from({ length: last - first + 1 }, (_, i) => last - i);
  const set = (patch: Partial<VehicleDraft>) => onChange({ ...draft, ...patch });
  const choose = <option value="">{t('vehicle.choose')}</option>;

  return (
    <>
      {failed && (
        <p className="notice" role="alert">
          {t('vehicle.listFailed')}
        </p>
      )}
      <RadioGroup
        legend={t('vehicle.mode.legend')}
        name={`${id}-mode`}
        inline
        value={draft.mode}
        options={[
          { value: 'catalog', label: t('vehicle.mode.catalog') },
          { value: 'vin', label: t('vehicle.mode.vin') },
        ]}
        onChange={(mode) => set({ mode })}
      />
      {draft.mode === 'vin' && (
        <TextField
          label={t('vehicle.vin.label')}
          hint={fromVin ? t('vehicle.vin.decoded', { year: fromVin.year, make: fromVin.make ?? t('vehicle.vin.unknownMake') }) : t('vehicle.vin.hint')}
          error={error('vin')}
          name={`${id}-vin`}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          value={draft.vin}
          onChange={(event) => set({ vin: vinInput(event.target.value), model: '' })}
        />
      )}
      {draft.mode === 'catalog' && (
        <SelectField
          label={t('vehicle.year')}
          error={error('year')}
          name={`${id}-year`}
          value={draft.year ?? ''}
          onChange={(event) => set({ year: event.target.value ? Number(event.target.value) : undefined, make: '', model: '' })}
        >
          {choose}
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      )}
      {(draft.mode === 'catalog' || (fromVin && !fromVin.make)) && (
        <SelectField
          label={t('vehicle.make')}
          error={error('make')}
          name={`${id}-make`}
          value={draft.make}
          disabled={!makes}
          onChange={(event) => set({ make: event.target.value, model: '' })}
        >
          {choose}
          {(makes ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      )}
      {(draft.mode === 'catalog' || fromVin) && (
        <SelectField
          label={t('vehicle.model')}
          error={error('model')}
          name={`${id}-model`}
          value={draft.model}
          disabled={!models}
          onChange={(event) => set({ model: event.target.value })}
        >
          {choose}
          {(models ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}
