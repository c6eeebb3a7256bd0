import { useState, type FormEvent } from 'react';
import { emailProblem } from '../../../../shared/email-address';
import { TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { joinWaitlist } from '../api/quote-api';

/** We don't sell in the visitor's state yet: say so, and offer to tell them when we do. */
export function WaitlistPanel(props: { zip: string; state: string; onOtherZip: () => void }) {
  const { t } = useTranslation('quote');
  const stateName = t(`states.${props.state}`, { ns: 'pricing' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) return setError(t(`errors.email.${problem}`));
    setSending(true);
    const result = await joinWaitlist(email.trim(), props.zip);
    setSending(false);
    if (result.ok) setDone(true);
    else setError(t('errors.failed'));
  };

  return (
    <section className="quote-step waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t('notServed.heading', { state: stateName })}</h2>
      <p>{t('notServed.body', { state: stateName })}</p>
      {done ? (
        <p className="notice" role="status">
          {t('notServed.done', { email: email.trim(), state: stateName })}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('email.label')}
            error={error}
            name="waitlist-email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="button button--fill" disabled={sending}>
            {t('notServed.submit')}
          </button>
        </form>
      )}
      <button type="button" className="button button--text" onClick={props.onOtherZip}>
        {t('notServed.otherZip')}
      </button>
    </section>
  );
}
