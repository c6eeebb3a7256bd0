import { CHOICE_ANSWERS, isRejectable, type ChoiceAnswer, type CoverageQuestion } from '../../../../shared/quote/coverage-model';
import { RadioGroup } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * A choice the state makes the customer put in writing (select or reject a coverage, or
 * Pennsylvania's tort option and stacking), nothing chosen for them. The answer is kept with the
 * policy and printed on the declarations.
 */
export function CoverageChoiceQuestion<Q extends CoverageQuestion>(props: {
  question: Q;
  state: string;
  value: ChoiceAnswer<Q> | undefined;
  missing: boolean;
  onChange: (answer: ChoiceAnswer<Q>) => void;
}) {
  const { t } = useTranslation('quote-coverage');
  const state = t(`states.${props.state}`, { ns: 'pricing' });
  const answers: readonly ChoiceAnswer<Q>[] = CHOICE_ANSWERS[props.question];
  // A state with its own words for a question (Arizona's UM/UIM) has them as `<key>_<state>`.
  const legendKey: string = `choice.legend.${props.question}`;
  const answerKey = (answer: ChoiceAnswer<Q>): string => `choice.${answer}.${props.question}`;
  return (
    <div className="coverage-editor__choice" data-choice={props.question}>
      <RadioGroup
        legend={t(legendKey, { state, context: props.state })}
        name={`choice-${props.question}`}
        value={props.value}
        options={answers.map((answer) => ({ value: answer, label: t(answerKey(answer), { context: props.state }) }))}
        hint={t('choice.hint')}
        error={props.missing ? t(isRejectable(props.question) ? 'choice.required' : 'choice.requiredOption') : undefined}
        onChange={props.onChange}
      />
    </div>
  );
}
