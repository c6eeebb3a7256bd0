import { useState } from 'react';
import { emailProblem } from '../../../../shared/email-address';
import { CheckEmail, type ResendOutcome } from '../../../components/sign-in/check-email';
import { EMAIL_INPUT, TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { StepFrame } from './step-frame';
import type { QuoteFailure } from '../api/quote-api';

/**
 * The last step. A visitor saves the quote by e-mail: the link signs them in and lands on the
 * application with this quote. Someone signed in (or staff buying for them) goes straight on.
 */
export function EmailStep(props: {
  initial?: string;
  signedInAs?: string;
  saving: boolean;
  onContinue: (email?: string) => Promise<QuoteFailure | undefined>;
  onBack: () => void;
}) {
  const { t } = useTranslation('quote');
  const [email, setEmail] = useState(props.initial ?? '');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<{ email: string; refusedFor?: number }>();

  const send = async (address: string): Promise<ResendOutcome> => {
    const failure = await props.onContinue(address);
    if (!failure) return true;
    // A link went to this address moments ago: that one is waiting in the inbox.
    if (failure.kind === 'recently-sent') return { retryAfterSeconds: failure.retryAfterSeconds };
    if (failure.kind === 'too-many') setError(t('email.tooMany'));
    else if (failure.kind === 'invalid') setError(t('errors.email.invalid'));
    else setError(t('errors.failed'));
    return false;
  };

  if (props.signedInAs) {
    return (
      <StepFrame
        title={t('email.signedInHeading')}
        intro={t('email.signedInIntro', { email: props.signedInAs })}
        saving={props.saving}
        submitLabel={t('email.toApplication')}
        onSubmit={() => void props.onContinue()}
        onBack={props.onBack}
      >
        {null}
      </StepFrame>
    );
  }
  if (sentTo) {
    return <CheckEmail email={sentTo.email} refusedFor={sentTo.refusedFor} onResend={() => send(sentTo.email)} onOtherAddress={() => setSentTo(undefined)} />;
  }
  const submit = async () => {
    const problem = emailProblem(email);
    if (problem) return setError(t(`errors.email.${problem}`));
    setError(undefined);
    const outcome = await send(email.trim());
    if (outcome) setSentTo({ email: email.trim(), refusedFor: typeof outcome === 'object' ? outcome.retryAfterSeconds : undefined });
  };
  return (
    <StepFrame
      title={t('email.heading')}
      intro={t('email.intro')}
      saving={props.saving}
      submitLabel={t('email.submit')}
      onSubmit={() => void submit()}
      onBack={props.onBack}
    >
      <TextField
        label={t('email.label')}
        hint={t('email.hint')}
        error={error}
        {...EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </StepFrame>
  );
}
