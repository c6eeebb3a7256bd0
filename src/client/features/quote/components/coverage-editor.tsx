import { useTranslation } from 'react-i18next';
import {
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type Coverage,
  type StateRules,
} from '../../../../shared/quote/coverage-model';
import { SelectField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { formatNumber } from '../../../../shared/format/money';

const NONE = 'none';

/** A select of a coverage's options, "none" first where the coverage may be left out. */
function CoverageSelect<T extends string | number>(props: {
  name: keyof Coverage;
  value: T | null;
  options: readonly T[];
  label(option: T): string;
  optional: boolean;
  /** Options the state does not allow, shown but not choosable. */
  below?: (option: T) => boolean;
  disabled?: boolean;
  onChange(value: T | null): void;
}) {
  const { t } = useTranslation('quote-coverage');
  return (
    <SelectField
      label={t(`coverages.${props.name}.label`)}
      hint={t(`coverages.${props.name}.hint`)}
      name={props.name}
      value={props.value === null ? NONE : String(props.value)}
      disabled={props.disabled}
      onChange={(event) => {
        const raw = event.target.value;
        props.onChange(raw === NONE ? null : (props.options.find((o) => String(o) === raw) as T));
      }}
    >
      {props.optional && <option value={NONE}>{t('none')}</option>}
      {props.options.map((option) => (
        <option key={String(option)} value={String(option)} disabled={props.below?.(option)}>
          {props.label(option)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Every coverage's limit or deductible. What the state requires cannot be chosen away, and
 * collision goes with comprehensive (without it there is no collision to choose).
 */
export function CoverageEditor({ coverage, rules, disabled, onChange }: { coverage: Coverage; rules: StateRules; disabled: boolean; onChange(coverage: Coverage): void }) {
  const { t } = useTranslation('quote-coverage');
  const { locale } = useLocale();
  const money = (n: number) => `$${formatNumber(n, locale)}`;
  const set = (patch: Partial<Coverage>) => onChange({ ...coverage, ...patch });
  const belowRequired = <T,>(order: readonly T[], required: T | null) => (option: T) => required !== null && order.indexOf(option) < order.indexOf(required);

  return (
    <div className="coverage-editor">
      <CoverageSelect
        name="liability"
        value={coverage.liability}
        options={LIABILITY_LIMITS}
        optional={false}
        disabled={disabled}
        label={(o) => (o === 'state-minimum' ? t('stateMinimum', { limits: rules.minimumLiability }) : o)}
        onChange={(liability) => set({ liability: liability! })}
      />
      <CoverageSelect
        name="comprehensiveDeductible"
        value={coverage.comprehensiveDeductible}
        options={DEDUCTIBLES}
        optional
        disabled={disabled}
        label={(o) => t('deductible', { amount: money(o) })}
        onChange={(value) => set(value === null ? { comprehensiveDeductible: null, collisionDeductible: null } : { comprehensiveDeductible: value })}
      />
      <CoverageSelect
        name="collisionDeductible"
        value={coverage.collisionDeductible}
        options={DEDUCTIBLES}
        optional
        disabled={disabled || coverage.comprehensiveDeductible === null}
        label={(o) => t('deductible', { amount: money(o) })}
        onChange={(collisionDeductible) => set({ collisionDeductible })}
      />
      <CoverageSelect
        name="uninsuredMotorist"
        value={coverage.uninsuredMotorist}
        options={UNINSURED_MOTORIST_LIMITS}
        optional={rules.requiredUninsuredMotorist === null}
        disabled={disabled}
        below={belowRequired(UNINSURED_MOTORIST_LIMITS, rules.requiredUninsuredMotorist)}
        label={(o) => t('thousands', { limits: o })}
        onChange={(uninsuredMotorist) => set({ uninsuredMotorist })}
      />
      <CoverageSelect
        name="medicalPayments"
        value={coverage.medicalPayments}
        options={MEDICAL_PAYMENTS_LIMITS}
        optional={rules.requiredMedicalPayments === null}
        disabled={disabled}
        below={belowRequired(MEDICAL_PAYMENTS_LIMITS, rules.requiredMedicalPayments)}
        label={(o) => t('perPerson', { amount: money(o) })}
        onChange={(medicalPayments) => set({ medicalPayments })}
      />
      <CoverageSelect
        name="rental"
        value={coverage.rental}
        options={RENTAL_LIMITS}
        optional
        disabled={disabled}
        label={(o) => {
          const [day, claim] = o.split('/').map(Number);
          return t('rentalLimit', { day: money(day), claim: money(claim) });
        }}
        onChange={(rental) => set({ rental })}
      />
      <label className="choice__option coverage-editor__check">
        <input type="checkbox" name="roadside" checked={coverage.roadside} disabled={disabled} onChange={(event) => set({ roadside: event.target.checked })} />
        <span>
          <strong>{t('coverages.roadside.label')}</strong>
          <br />
          <span className="muted">{t('coverages.roadside.hint')}</span>
        </span>
      </label>
      {(rules.requiredUninsuredMotorist || rules.requiredMedicalPayments) && <p className="muted">{t('required', { state: t(`states.${rules.state}`, { ns: 'pricing' }) })}</p>}
    </div>
  );
}
