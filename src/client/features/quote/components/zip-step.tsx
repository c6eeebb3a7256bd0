import { useState } from 'react';
import { zipProblems, type Problems } from '../../../../shared/quote/quote-validation';
import { stateForZip } from '../../../../shared/quote/zip-to-state';
import { TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession } from '../../../lib/session/session-context';
import { useAgentDetails } from '../../../lib/session/use-agent-details';
import { useProblemText } from '../use-problem-text';
import { LicenceNotice } from './licence-notice';
import { StepFrame } from './step-frame';
import type { LicenceRefusal } from '../api/quote-api';

/**
 * Where an agent acting for a customer may not sell the ZIP's state: said as soon as the ZIP is
 * typed, from the agent's own licensed states, and the server's refusal when it comes (it has the
 * last word: a licence may have lapsed since the page loaded). Nothing for anyone else.
 */
function useLicenceRefusal(zip: string, fromServer?: LicenceRefusal): LicenceRefusal | undefined {
  const { session } = useSession();
  const agent = useAgentDetails();
  const state = stateForZip(zip);
  if (!state) return undefined;
  if (fromServer?.state === state) return fromServer;
  if (!session?.onBehalf || !agent || agent.licensedStates.includes(state)) return undefined;
  return { state, licensedStates: agent.licensedStates, agent: 'acting' };
}

export function ZipStep(props: { initial?: string; problems: Problems; saving: boolean; refusal?: LicenceRefusal; onSave: (zip: string) => void }) {
  const { t } = useTranslation('quote');
  const [zip, setZip] = useState(props.initial ?? '');
  const [local, setLocal] = useState<Problems>({});
  const text = useProblemText({ ...props.problems, ...local });
  const refusal = useLicenceRefusal(zip, props.refusal);
  const submit = () => {
    const problems = zipProblems(zip.trim());
    setLocal(problems);
    if (Object.keys(problems).length === 0) props.onSave(zip.trim());
  };
  return (
    <StepFrame title={t('zip.heading')} intro={t('zip.intro')} saving={props.saving} onSubmit={submit}>
      <TextField
        label={t('zip.label')}
        hint={t('zip.hint')}
        error={text('zip')}
        name="zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={zip}
        onChange={(event) => {
          setZip(event.target.value.replace(/\D/g, '').slice(0, 5));
          setLocal({});
        }}
      />
      {refusal && <LicenceNotice refusal={refusal} />}
    </StepFrame>
  );
}
