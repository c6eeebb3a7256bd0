import { RELATIONSHIPS } from '../../../shared/quote/application-model';
import { DEDUCTIBLES, LIABILITY_LIMITS } from '../../../shared/quote/coverage-model';
import { vehicleName } from '../../../shared/quote/quote-model';
import { US_STATES } from '../../../shared/us-states';
import { useTranslation } from '../../i18n/use-translation';
import { vinCar, type VinCar } from '../../lib/vehicles/vin-car';
import { IncidentFields, type IncidentsDraft } from '../incidents/incident-fields';
import { SelectField, TextField, type FieldError } from '../ui/form-fields';
import { carVinMismatch } from './change-request';
import type { PolicyChangeKind } from '../../../shared/policy/policy-change-model';
import type { PolicyView } from '../../../shared/policy/policy-model';

/** The form's values, all text as the inputs hold them. */
export type ChangeValues = Record<string, string>;

interface FieldsProps {
  kind: PolicyChangeKind;
  policy: PolicyView;
  values: ChangeValues;
  errors: Record<string, string>;
  set: (name: string, value: string) => void;
  /** An added driver's accidents, claims and tickets, asked as the quote asks them. */
  incidents: { draft: IncidentsDraft; onChange: (draft: IncidentsDraft) => void; error: FieldError };
}

/** The fields one kind of change asks for. */
export function ChangeFields({ kind, policy, values, errors, set, incidents }: FieldsProps) {
  const { t } = useTranslation('policy-changes');
  const text = (name: string, extra: Record<string, unknown> = {}) => (
    <TextField label={t(`fields.${name}`)} name={name} value={values[name] ?? ''} error={errors[name]} onChange={(e) => set(name, e.target.value)} {...extra} />
  );
  const select = (name: string, options: [string, string][], hint?: string) => (
    <SelectField
      label={t(`fields.${name}`)}
      name={name}
      value={values[name] ?? ''}
      hint={hint}
      error={errors[name]}
      onChange={(e) => set(name, e.target.value)}
    >
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectField>
  );
  // Each car by its number on the policy, which stays its own whatever its place in the list.
  const cars = policy.vehicles.map((v): [string, string] => [String(v.vehicleIndex), vehicleName(v)]);
  // The VIN's year and make said as the quote says them; a car typed as another is said at the VIN.
  const carName = (car: VinCar) => `${car.year} ${car.make ?? t('vin.aCar')}`;
  const fromVin = vinCar(values.vin);
  const mismatch = carVinMismatch(values);
  const vinError =
    errors.vin ?? (mismatch && t('vin.mismatch', { vinCar: carName(mismatch), car: `${values.year.trim()} ${values.make?.trim() || t('vin.aCar')}` }));
  const car = (
    <>
      {text('vin', {
        autoCapitalize: 'characters',
        autoComplete: 'off',
        spellCheck: false,
        maxLength: 17,
        hint: fromVin ? t('vin.decoded', { vinCar: carName(fromVin) }) : t('vin.hint'),
        error: vinError,
      })}
      {text('year', { inputMode: 'numeric', maxLength: 4 })}
      {text('make')}
      {text('model')}
    </>
  );
  switch (kind) {
    case 'add-vehicle':
      return car;
    case 'replace-vehicle':
      return (
        <>
          {select('vehicleIndex', cars)}
          {car}
        </>
      );
    case 'remove-vehicle':
      // Any car but the only one (the form offers no removal then): its history stays with it.
      return select('vehicleIndex', cars, t('hints.removeVehicle'));
    case 'add-driver':
      return (
        <>
          {text('firstName', { autoComplete: 'off' })}
          {text('lastName', { autoComplete: 'off' })}
          {text('birthDate', { type: 'date' })}
          {select(
            'relationship',
            RELATIONSHIPS.map((r) => [r, t(`relationships.${r}`)]),
          )}
          {text('yearsLicensed', { inputMode: 'numeric', maxLength: 2 })}
          {select(
            'licenseState',
            US_STATES.map((s) => [s, s]),
          )}
          {text('licenseNumber', { autoComplete: 'off', spellCheck: false })}
          <IncidentFields legend={t('fields.incidents')} {...incidents} />
        </>
      );
    case 'remove-driver':
      return select(
        'driverIndex',
        policy.drivers.slice(1).map((d, i) => [String(i + 1), `${d.firstName} ${d.lastName}`]),
      );
    case 'address':
      return (
        <>
          {text('line1', { autoComplete: 'address-line1' })}
          {text('line2', { autoComplete: 'address-line2' })}
          {text('city', { autoComplete: 'address-level2' })}
          {text('zip', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 })}
          <p className="field__hint">{t('hints.state')}</p>
        </>
      );
    case 'coverage':
      return (
        <>
          {select(
            'liability',
            LIABILITY_LIMITS.map((l) => [l, t(`liability.${l === 'state-minimum' ? 'minimum' : 'limit'}`, { limit: l })]),
          )}
          {(['comprehensiveDeductible', 'collisionDeductible'] as const).map((name) => (
            <div key={name}>
              {select(name, [['none', t('deductible.none')], ...DEDUCTIBLES.map((d): [string, string] => [String(d), t('deductible.amount', { amount: d })])])}
            </div>
          ))}
          {select('roadside', [
            ['yes', t('roadside.yes')],
            ['no', t('roadside.no')],
          ])}
        </>
      );
  }
}
