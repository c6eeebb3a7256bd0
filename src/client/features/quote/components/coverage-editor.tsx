import { useRef } from 'react';
import { formatNumber } from '../../../../shared/format/money';
import {
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  PERSONAL_INJURY_PROTECTION_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  bodilyInjuryLimits,
  questionsAsked,
  withDefaults,
  type Coverage,
  type ChoiceAnswer,
  type CoverageQuestion,
  type RejectableCoverage,
  type StateRules,
} from '../../../../shared/quote/coverage-model';
import { SelectField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { CoverageChoiceQuestion } from './coverage-choice-question';
import { answerChoice, setComprehensive, type Remembered } from './coverage-edits';
import { CoverageWrittenRequest } from './coverage-written-request';

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
  onChange: (value: T | null) => void;
  /** The quote's state: a state with its own words for a coverage (Arizona's UM/UIM) has them as `label_<state>`. */
  state?: string;
}) {
  const { t } = useTranslation('quote-coverage');
  return (
    <SelectField
      label={t(`coverages.${props.name}.label`, { context: props.state })}
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

const below =
  <T,>(order: readonly T[], lowest: T | null | undefined) =>
  (option: T) =>
    lowest != null && order.indexOf(option) < order.indexOf(lowest);

/**
 * Every coverage's limit or deductible. What the state requires cannot be chosen away; what it
 * lets the customer turn down only in writing is a select/reject question (its limit shown once
 * selected or while unanswered); collision goes with comprehensive, and the page says so.
 */
export function CoverageEditor({
  coverage: given,
  rules,
  disabled,
  missingChoices = [],
  onChange,
}: {
  coverage: Coverage;
  rules: StateRules;
  disabled: boolean;
  /** Questions left unanswered when the customer tried to continue. */
  missingChoices?: CoverageQuestion[];
  onChange: (coverage: Coverage) => void;
}) {
  const { t } = useTranslation('quote-coverage');
  const { locale } = useLocale();
  // What a change took away (collision with comprehensive, a rejected limit), given back later.
  const remembered = useRef<Remembered>({});
  const coverage = withDefaults(given);
  const money = (n: number) => `$${formatNumber(n, locale)}`;
  const set = (patch: Partial<Coverage>) => onChange({ ...coverage, ...patch });
  const apply = (change: { coverage: Coverage; remembered: Remembered }) => {
    remembered.current = change.remembered;
    onChange(change.coverage);
  };
  const pip = rules.personalInjuryProtection;
  // A coverage asked about is chosen away by its question, not by a "no coverage" option.
  const asked = (key: CoverageQuestion) => rules.choices.includes(key);
  const ask = <Q extends CoverageQuestion>(key: Q, onAnswer: (answer: ChoiceAnswer<Q>) => void) =>
    asked(key) && (
      <CoverageChoiceQuestion question={key} state={rules.state} value={coverage.choices[key]} missing={missingChoices.includes(key)} onChange={onAnswer} />
    );
  const question = (key: RejectableCoverage) => ask(key, (answer) => apply(answerChoice(coverage, key, answer, rules, remembered.current)));
  // A written choice that changes no coverage limit (Pennsylvania's tort option and stacking).
  const writtenChoice = (key: Exclude<CoverageQuestion, RejectableCoverage>) => ask(key, (answer) => set({ choices: { ...coverage.choices, [key]: answer } }));
  const shown = (key: RejectableCoverage) => !asked(key) || coverage.choices[key] !== 'reject';
  // Illinois and Oregon: a lower uninsured motorist limit only on the customer's written request.
  const lowerLimitsRequest = () => {
    if (!questionsAsked(rules, coverage).includes('uninsuredMotoristLowerLimits')) return null;
    const { uninsuredMotoristLowerLimits: _dropped, ...others } = coverage.choices;
    return (
      <CoverageWrittenRequest
        state={rules.state}
        liability={bodilyInjuryLimits(rules, coverage.liability)}
        checked={coverage.choices.uninsuredMotoristLowerLimits === 'requested'}
        missing={missingChoices.includes('uninsuredMotoristLowerLimits')}
        onChange={(checked) => set({ choices: checked ? { ...others, uninsuredMotoristLowerLimits: 'requested' } : others })}
      />
    );
  };
  const collisionNote =
    coverage.comprehensiveDeductible !== null
      ? ''
      : remembered.current.collisionDeductible !== undefined
        ? t('collisionComesBack')
        : t('collisionNeedsComprehensive');

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
      {writtenChoice('tortOption')}
      <CoverageSelect
        name="comprehensiveDeductible"
        value={coverage.comprehensiveDeductible}
        options={DEDUCTIBLES}
        optional
        disabled={disabled}
        label={(o) => t('deductible', { amount: money(o) })}
        onChange={(value) => apply(setComprehensive(coverage, value, remembered.current))}
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
      {/* Always in the page, so that a screen reader hears the note when it appears. */}
      <p className="coverage-editor__note" role="status" data-testid="collision-note">
        {collisionNote}
      </p>
      {question('uninsuredMotorist')}
      {shown('uninsuredMotorist') && (
        <CoverageSelect
          name="uninsuredMotorist"
          state={rules.state}
          value={coverage.uninsuredMotorist}
          options={UNINSURED_MOTORIST_LIMITS}
          optional={rules.requiredUninsuredMotorist === null && !asked('uninsuredMotorist')}
          disabled={disabled}
          below={below(UNINSURED_MOTORIST_LIMITS, rules.requiredUninsuredMotorist ?? rules.lowestUninsuredMotorist)}
          label={(o) => t('thousands', { limits: o })}
          onChange={(uninsuredMotorist) => set({ uninsuredMotorist })}
        />
      )}
      {shown('uninsuredMotorist') && lowerLimitsRequest()}
      {writtenChoice('uninsuredMotoristStacking')}
      {question('personalInjuryProtection')}
      {pip && shown('personalInjuryProtection') && (
        <CoverageSelect
          name="personalInjuryProtection"
          value={coverage.personalInjuryProtection}
          options={PERSONAL_INJURY_PROTECTION_LIMITS}
          optional={!pip.required && !asked('personalInjuryProtection')}
          disabled={disabled}
          below={below(PERSONAL_INJURY_PROTECTION_LIMITS, pip.minimum)}
          label={(o) => t('perPerson', { amount: money(o) })}
          onChange={(personalInjuryProtection) => set({ personalInjuryProtection })}
        />
      )}
      <CoverageSelect
        name="medicalPayments"
        value={coverage.medicalPayments}
        options={MEDICAL_PAYMENTS_LIMITS}
        optional={rules.requiredMedicalPayments === null}
        disabled={disabled}
        below={below(MEDICAL_PAYMENTS_LIMITS, rules.requiredMedicalPayments)}
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
      {(rules.requiredUninsuredMotorist || rules.requiredMedicalPayments || pip?.required) && (
        <p className="muted">{t('required', { state: t(`states.${rules.state}`, { ns: 'pricing' }) })}</p>
      )}
    </div>
  );
}
