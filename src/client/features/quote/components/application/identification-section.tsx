import { useState } from 'react';
import { Link } from 'react-router';
import { LICENSE_FORMATS } from '../../../../../shared/drivers-license-formats';
import {
  identificationProblems,
  licenseOf,
  policyDrivers,
  policyVehicles,
  type IdentificationInput,
  type IdentificationProblems,
} from '../../../../../shared/quote/application-identification';
import { vehicleName, type QuoteAnswers, type QuoteVehicle } from '../../../../../shared/quote/quote-model';
import { PATHS } from '../../../../../shared/site-map';
import { isUsState, US_STATES } from '../../../../../shared/us-states';
import { SelectField, TextField } from '../../../../components/ui/form-fields';
import { useLocale } from '../../../../i18n/use-locale';
import { useTranslation } from '../../../../i18n/use-translation';
import { vinCar, vinInput } from '../../../../lib/vehicles/vin-car';
import { useProblemText } from '../../use-problem-text';
import { StepFrame } from '../step-frame';
import type { Application } from '../../../../../shared/quote/application-model';
import type { Problems } from '../../../../../shared/quote/quote-validation';

type Draft = { vins: string[]; licenses: { state: string; number: string }[] };

/**
 * Every car's VIN and every driver's license, the last thing asked before the policy is priced
 * for payment. A VIN given on the quote is filled in; a license on file shows only its last
 * characters and is kept when the number is left empty (the page never has it whole).
 */
export function IdentificationSection(props: {
  answers: QuoteAnswers;
  application: Application;
  state: string;
  problems: Problems;
  saving: boolean;
  onSave: (input: IdentificationInput) => void;
  onEditCars: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote-application');
  const { to } = useLocale();
  const cars = policyVehicles(props.answers, props.application);
  const drivers = policyDrivers(props.answers, props.application);
  const onFile = drivers.map((driver) => licenseOf(driver, props.application));
  const [draft, setDraft] = useState<Draft>(() => ({
    vins: cars.map((car) => car.vin ?? ''),
    licenses: onFile.map((license) => ({ state: license?.state ?? props.state, number: '' })),
  }));
  const [local, setLocal] = useState<IdentificationProblems>({});
  const problems: IdentificationProblems = { ...props.problems, ...local };
  const text = useProblemText(problems as Problems);

  const input = (): IdentificationInput => ({
    vehicles: draft.vins.map((vin) => ({ vin })),
    drivers: draft.licenses.map((license) => ({ state: license.state, ...(license.number.trim() ? { number: license.number.trim() } : {}) })),
  });
  const submit = () => {
    const found = identificationProblems(input(), props.answers, props.application, new Date());
    setLocal(found);
    if (Object.keys(found).length === 0) props.onSave(input());
  };
  const setVin = (index: number, vin: string) => setDraft((d) => ({ ...d, vins: d.vins.map((v, i) => (i === index ? vin : v)) }));
  const setLicense = (index: number, patch: Partial<Draft['licenses'][number]>) =>
    setDraft((d) => ({ ...d, licenses: d.licenses.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const stateName = (state: string) => t(`states.${state}`, { ns: 'pricing' });

  const vinError = (index: number, car: QuoteVehicle) => {
    const path = `vehicles.${index}.vin`;
    if (problems[path] === 'vinMismatch') {
      const vin = vinCar(draft.vins[index]);
      return t('identification.vinMismatch', {
        vinCar: vin ? `${vin.year} ${vin.make ?? t('identification.aCar')}` : t('identification.aCar'),
        car: `${car.year} ${car.make}`,
      });
    }
    if (problems[path] === 'vinDuplicate') return t('identification.vinDuplicate');
    return text(path, 'vehicle.vin');
  };
  const numberError = (index: number) => {
    const problem = problems[`drivers.${index}.number`];
    const state = draft.licenses[index].state;
    if (!problem) return undefined;
    if (problem === 'invalid' && isUsState(state))
      return t('identification.numberInvalid', { state: stateName(state), example: LICENSE_FORMATS[state].example });
    return t(`identification.numberProblems.${problem === 'required' || problem === 'tooLong' ? problem : 'invalid'}`);
  };

  return (
    <StepFrame title={t('identification.heading')} intro={t('identification.intro')} saving={props.saving} onSubmit={submit} onBack={props.onBack}>
      {cars.map((car, index) => {
        const vin = vinCar(draft.vins[index]);
        const error = vinError(index, car);
        return (
          <fieldset key={`car-${index}`} className="repeat-group">
            <legend>{t('identification.car', { n: index + 1, car: vehicleName(car) })}</legend>
            <TextField
              label={t('identification.vin')}
              hint={vin ? t('identification.vinDecoded', { vinCar: `${vin.year} ${vin.make ?? t('identification.aCar')}` }) : t('identification.vinHint')}
              error={error}
              name={`vin-${index}`}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={17}
              value={draft.vins[index]}
              onChange={(event) => setVin(index, vinInput(event.target.value))}
            />
            {problems[`vehicles.${index}.vin`] === 'vinMismatch' &&
              (index === 0 ? (
                <Link className="button button--text" to={`${to(PATHS.quote)}?step=vehicle`}>
                  {t('identification.changeQuoteCar')}
                </Link>
              ) : (
                <button type="button" className="button button--text" onClick={props.onEditCars}>
                  {t('identification.changeCars')}
                </button>
              ))}
          </fieldset>
        );
      })}
      {drivers.map((driver, index) => {
        const license = draft.licenses[index];
        const kept = onFile[index]?.state === license.state ? onFile[index] : undefined;
        return (
          <fieldset key={`driver-${index}`} className="repeat-group">
            <legend>{t('identification.driver', { n: index + 1, name: `${driver.firstName} ${driver.lastName}` })}</legend>
            <SelectField
              label={t('identification.state')}
              error={text(`drivers.${index}.state`, 'identification.state')}
              name={`license-state-${index}`}
              value={license.state}
              onChange={(event) => setLicense(index, { state: event.target.value })}
            >
              <option value="">{t('choose')}</option>
              {US_STATES.map((state) => (
                <option key={state} value={state}>
                  {stateName(state)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('identification.number')}
              hint={
                kept
                  ? t('identification.onFile', { number: kept.number })
                  : isUsState(license.state)
                    ? t('identification.numberHint', { example: LICENSE_FORMATS[license.state].example })
                    : undefined
              }
              error={numberError(index)}
              name={`license-number-${index}`}
              autoComplete="off"
              spellCheck={false}
              maxLength={24}
              value={license.number}
              onChange={(event) => setLicense(index, { number: event.target.value })}
            />
          </fieldset>
        );
      })}
    </StepFrame>
  );
}
