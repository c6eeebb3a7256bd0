import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { linkWaitText } from './link-wait';

// The server sends one link per address per minute; the button waits as long.
const RESEND_COOLDOWN_SECONDS = 60;

/** What a resend came to: sent, failed, or refused for a while (a link went to the address moments ago). */
export type ResendOutcome = boolean | { retryAfterSeconds: number };

/** "Check your e-mail", with a resend after the cooldown (or as long as the server asks). */
export function CheckEmail(props: { email: string; onResend: () => Promise<ResendOutcome>; onOtherAddress: () => void; refusedFor?: number }) {
  const { t } = useTranslation('sign-in');
  const [wait, setWait] = useState(props.refusedFor ?? RESEND_COOLDOWN_SECONDS);
  const [resent, setResent] = useState(false);
  // Set from the start when the first request was refused because a link went out moments ago.
  const [refusedFor, setRefusedFor] = useState<number | undefined>(props.refusedFor);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    const outcome = await props.onResend();
    if (typeof outcome === 'object') {
      setRefusedFor(outcome.retryAfterSeconds);
      setWait(outcome.retryAfterSeconds);
    } else if (outcome) {
      setRefusedFor(undefined);
      setResent(true);
      setWait(RESEND_COOLDOWN_SECONDS);
    }
  };

  return (
    <div className="check-email" role="status">
      <h2>{t('checkEmail.title')}</h2>
      <p>{t('checkEmail.body', { email: props.email })}</p>
      <p className="muted">{t('checkEmail.spam')}</p>
      {resent && refusedFor === undefined && <p className="notice">{t('checkEmail.resent')}</p>}
      {refusedFor !== undefined && <p className="notice">{linkWaitText(t, refusedFor)}</p>}
      <div className="actions">
        <button type="button" className="button button--outline" onClick={() => void resend()} disabled={wait > 0}>
          {t('checkEmail.resend')}
        </button>
        <button type="button" className="button button--text" onClick={props.onOtherAddress}>
          {t('checkEmail.otherAddress')}
        </button>
      </div>
      {wait > 0 && (
        <p className="muted" aria-live="off">
          {t('checkEmail.resendIn', { seconds: wait })}
        </p>
      )}
    </div>
  );
}
