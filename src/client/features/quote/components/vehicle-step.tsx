import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteVehicle } from '../../../../shared/quote/quote-model';
import { isoDay, vehicleProblems, vehicleYears, type Problems } from '../../../../shared/quote/quote-validation';
import { checkVin } from '../../../../shared/vin';
import { RadioGroup, SelectField, TextField } from '../../../components/ui/form-fields';
import { useProblemText } from '../use-problem-text';
import { useVehicleOptions } from '../use-vehicle-options';
import { StepFrame } from './step-frame';

type Mode = 'catalog' | 'vin';

/** The car: year, make and model from our list, or a VIN that gives the year (and make). */
export function VehicleStep(props: { initial?: QuoteVehicle; problems: Problems; saving: boolean; onSave(vehicle: QuoteVehicle): void; onBack(): void }) {
  const { t } = useTranslation('quote');
  const today = isoDay(new Date());
  const [mode, setMode] = useState<Mode>(props.initial?.vin ? 'vin' : 'catalog');
  const [vin, setVin] = useState(props.initial?.vin ?? '');
  const [year, setYear] = useState<number | undefined>(props.initial?.year);
  const [make, setMake] = useState(props.initial?.make ?? '');
  const [model, setModel] = useState(props.initial?.model ?? '');
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });

  const decoded = useMemo(() => (mode === 'vin' && vin.length === 17 ? checkVin(vin) : undefined), [mode, vin]);
  const vinYear = decoded?.ok ? decoded.modelYear : undefined;
  const vinMake = decoded?.ok ? decoded.make : undefined;
  const shownYear = mode === 'vin' ? vinYear : year;
  const shownMake = mode === 'vin' && vinMake ? vinMake : make;
  const { makes, models, failed } = useVehicleOptions(shownYear, shownMake || undefined);
  const { first, last } = vehicleYears(today);
  const years = Array.from({ length: last - first + 1 }, (_, i) => last - i);

  const submit = () => {
    const vehicle: QuoteVehicle = mode === 'vin' ? { vin: vin.toUpperCase(), year: vinYear!, make: shownMake, model } : { year: year!, make, model };
    const problems = vehicleProblems(vehicle, today);
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(vehicle);
  };

  const choose = <option value="">{t('vehicle.choose')}</option>;
  return (
    <StepFrame
      title={t('vehicle.heading')}
      intro={t('vehicle.intro')}
      saving={props.saving}
      onSubmit={submit}
      onBack={props.onBack}
      notice={failed ? <p className="notice" role="alert">{t('vehicle.listFailed')}</p> : undefined}
    >
      <RadioGroup
        legend={t('vehicle.mode.legend')}
        name="vehicle-mode"
        inline
        value={mode}
        options={[
          { value: 'catalog', label: t('vehicle.mode.catalog') },
          { value: 'vin', label: t('vehicle.mode.vin') },
        ]}
        onChange={(value) => {
          setMode(value);
          setLocal({});
        }}
      />
      {mode === 'vin' && (
        <TextField
          label={t('vehicle.vin.label')}
          hint={vinYear ? t('vehicle.vin.decoded', { year: vinYear, make: vinMake ?? t('vehicle.vin.unknownMake') }) : t('vehicle.vin.hint')}
          error={text('vehicle.vin')}
          name="vin"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          value={vin}
          onChange={(event) => {
            setVin(event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''));
            setModel('');
            setLocal({});
          }}
        />
      )}
      {mode === 'catalog' && (
        <SelectField
          label={t('vehicle.year')}
          error={text('vehicle.year')}
          name="year"
          value={year ?? ''}
          onChange={(event) => {
            setYear(event.target.value ? Number(event.target.value) : undefined);
            setMake('');
            setModel('');
          }}
        >
          {choose}
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      )}
      {(mode === 'catalog' || (vinYear && !vinMake)) && (
        <SelectField
          label={t('vehicle.make')}
          error={text('vehicle.make')}
          name="make"
          value={make}
          disabled={!makes}
          onChange={(event) => {
            setMake(event.target.value);
            setModel('');
          }}
        >
          {choose}
          {(makes ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      )}
      {(mode === 'catalog' || vinYear) && (
        <SelectField label={t('vehicle.model')} error={text('vehicle.model')} name="model" value={model} disabled={!models} onChange={(event) => setModel(event.target.value)}>
          {choose}
          {(models ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      )}
    </StepFrame>
  );
}
