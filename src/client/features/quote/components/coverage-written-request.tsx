import { CheckGroup } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * Illinois' and Oregon's written request for uninsured motorist limits below the liability
 * limits (215 ILCS 5/143a-2(1), ORS 742.502(2)): a box the customer ticks, never ticked for them,
 * shown only while the chosen limit is below. Kept with the policy, printed on the declarations.
 */
export function CoverageWrittenRequest(props: { state: string; liability: string; checked: boolean; missing: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('quote-coverage');
  const state = t(`states.${props.state}`, { ns: 'pricing' });
  return (
    <div className="coverage-editor__choice" data-choice="uninsuredMotoristLowerLimits">
      <CheckGroup
        legend={t('choice.legend.uninsuredMotoristLowerLimits', { state, liability: props.liability })}
        name="choice-uninsuredMotoristLowerLimits"
        label={t('choice.requested.uninsuredMotoristLowerLimits')}
        checked={props.checked}
        hint={t('choice.hint')}
        error={props.missing ? t('choice.requiredRequest') : undefined}
        onChange={props.onChange}
      />
    </div>
  );
}
