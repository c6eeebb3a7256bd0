import { useId, useState, type FormEvent } from 'react';
import { emailProblem } from '../../../../shared/email-address';
import { isLinkRecentlySent, linkWaitText } from '../../../components/sign-in/link-wait';
import { EMAIL_INPUT } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import type { ApiFailure } from '../api/auth-api';

/** The e-mail form: checked in the browser first, then by the server. */
export function LoginForm(props: { initialEmail: string; onSubmit: (email: string) => Promise<ApiFailure | undefined> }) {
  const { t } = useTranslation(['login', 'sign-in']);
  const id = useId();
  const [email, setEmail] = useState(props.initialEmail);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) return setError(t(`errors.${problem}`));
    setError(undefined);
    setSending(true);
    const failure = await props.onSubmit(email.trim());
    setSending(false);
    if (!failure) return;
    if (isLinkRecentlySent(failure)) setError(linkWaitText(t, failure.retryAfterSeconds ?? 60));
    else if (failure.status === 429) setError(t('errors.tooMany', { minutes: Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)) }));
    else if (failure.status === 400) setError(t('errors.invalid'));
    else setError(t('errors.failed'));
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
        <input
          id={`${id}-email`}
          {...EMAIL_INPUT}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="field__hint">
            {t('emailHint')}
          </p>
        )}
      </div>
      <button type="submit" className="button button--fill" disabled={sending}>
        {sending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
