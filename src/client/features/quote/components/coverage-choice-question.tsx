import { useTranslation } from 'react-i18next';
import { COVERAGE_CHOICES, type CoverageChoice, type RejectableCoverage } from '../../../../shared/quote/coverage-model';
import { RadioGroup } from '../../../components/ui/form-fields';

/**
 * A coverage the state lets the customer turn down only in writing: select or reject, nothing
 * chosen for them. The answer is kept with the policy and printed on the declarations.
 */
export function CoverageChoiceQuestion(props: { coverage: RejectableCoverage; state: string; value: CoverageChoice | undefined; missing: boolean; onChange(answer: CoverageChoice): void }) {
  const { t } = useTranslation('quote-coverage');
  const state = t(`states.${props.state}`, { ns: 'pricing' });
  return (
    <div className="coverage-editor__choice" data-choice={props.coverage}>
      <RadioGroup
        legend={t(`choice.legend.${props.coverage}`, { state })}
        name={`choice-${props.coverage}`}
        value={props.value}
        options={COVERAGE_CHOICES.map((answer) => ({ value: answer, label: t(`choice.${answer}.${props.coverage}`) }))}
        hint={t('choice.hint')}
        error={props.missing ? t('choice.required') : undefined}
        onChange={props.onChange}
      />
    </div>
  );
}
