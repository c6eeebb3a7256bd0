import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The server sends one link per address per minute; the button waits as long.
const RESEND_COOLDOWN_SECONDS = 60;

/** "Check your e-mail", with a resend after the cooldown. */
export function CheckEmail(props: { email: string; onResend(): Promise<boolean>; onOtherAddress(): void }) {
  const { t } = useTranslation('login');
  const [wait, setWait] = useState(RESEND_COOLDOWN_SECONDS);
  const [resent, setResent] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    if (await props.onResend()) {
      setResent(true);
      setWait(RESEND_COOLDOWN_SECONDS);
    }
  };

  return (
    <div className="check-email" role="status">
      <h2>{t('sent.title')}</h2>
      <p>{t('sent.body', { email: props.email })}</p>
      <p className="muted">{t('sent.spam')}</p>
      {resent && <p className="notice">{t('sent.resent')}</p>}
      <div className="actions">
        <button type="button" className="button button--outline" onClick={() => void resend()} disabled={wait > 0}>
          {t('sent.resend')}
        </button>
        <button type="button" className="button button--text" onClick={props.onOtherAddress}>
          {t('sent.otherAddress')}
        </button>
      </div>
      {wait > 0 && <p className="muted" aria-live="off">{t('sent.resendIn', { seconds: wait })}</p>}
    </div>
  );
}
