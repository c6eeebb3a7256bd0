import { useRef, useState, type FormEvent } from 'react';
import { CLAIM_MESSAGE_MAX_LENGTH, takesMessages } from '../../../shared/claims/claim-messages';
import { CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import { useBrowserZone } from '../../app/use-browser-zone';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { TextAreaField } from '../ui/form-fields';
import { formatClaimTime } from './claim-time';
import type { ClaimMessageView, ClaimView } from '../../../shared/claims/claim-model';
import type { ApiFailure, ApiResult } from '../../lib/api/api-result';

/** Who reads the thread: the customer on My account, or staff on the claims screen. */
export type ClaimReader = 'customer' | 'staff';

type Translate = (key: string, values?: Record<string, string | number>) => string;

function writer(t: Translate, message: ClaimMessageView, reader: ClaimReader): string {
  if (message.side === 'staff') return message.author ?? t('messages.team');
  if (message.onBehalf) return t(reader === 'customer' ? 'messages.staffForYou' : 'messages.staffForCustomer');
  if (message.mine) return t('messages.you');
  // A household member of the policy wrote it (issue 27): by name, to the owner and to staff alike.
  if (message.member !== null) return message.member ? t('messages.member', { name: message.member }) : t('messages.memberUnnamed');
  return t(reader === 'customer' ? 'messages.policyholder' : 'messages.customer');
}

/** Whether the reader's side wrote it: their own words (a customer's) or staff's (staff's). */
const ownSide = (message: ClaimMessageView, reader: ClaimReader) => (reader === 'customer' ? message.mine || message.onBehalf : message.side === 'staff');

function failureText(t: Translate, failure: ApiFailure): string {
  if (failure.code === 'CLAIM_MESSAGES_CLOSED' || failure.code === 'CLAIM_NOT_FOUND') return t(`messages.errors.${failure.code}`, { phone: CLAIMS_PHONE });
  if (failure.status === 429) return t('messages.errors.tooMany', { phone: CLAIMS_PHONE });
  return t(failure.status === 400 ? 'messages.errors.invalid' : 'messages.errors.failed');
}

/**
 * A claim's messages, oldest first, each with who wrote it and when, and the form to write the
 * next (issue 27): the customer's on My account, staff's reply on the claims screen. One key per
 * message: a retry of the same text (no answer, a second click) posts it once.
 */
export function ClaimMessages<T extends ClaimView>(props: {
  claim: T;
  reader: ClaimReader;
  /** Absent: the thread is read only (a household member whose role does not report claims, issue 27). */
  send?: (key: string, body: string) => Promise<ApiResult<T>>;
  onSent: (claim: T) => void;
}) {
  const { claim, reader } = props;
  const { t } = useTranslation('claims');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; body: string }>();
  const open = takesMessages(claim.messagesUntil, new Date());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const body = text.trim();
    if (!body) return setError(t('messages.errors.empty'));
    if (!props.send) return;
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    setBusy(true);
    const answer = await props.send(attempt.current.key, body);
    setBusy(false);
    if (!answer.ok) return setError(failureText(t, answer.failure));
    attempt.current = undefined;
    setText('');
    setError(undefined);
    setSent(true);
    props.onSent(answer.value);
  };

  return (
    <div className="claim-messages">
      <h4 className="claim-card__subtitle">{t('messages.title')}</h4>
      {claim.messages.length === 0 ? (
        <p className="muted">{t(reader === 'customer' ? 'messages.noneCustomer' : 'messages.noneStaff')}</p>
      ) : (
        <ol className="claim-messages__list" aria-label={t('messages.listName', { number: claim.number })}>
          {claim.messages.map((message) => (
            <li key={message.id} className={`claim-message claim-message--${ownSide(message, reader) ? 'mine' : 'theirs'}`}>
              <p className="claim-message__head">
                <strong>{writer(t, message, reader)}</strong> <span className="muted">{formatClaimTime(message.at, locale, zone)}</span>
              </p>
              <p className="claim-message__body claim-text">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {!props.send ? null : open ? (
        <form
          className="form claim-messages__form"
          noValidate
          aria-label={t('messages.formName', { number: claim.number })}
          onSubmit={(event) => void onSubmit(event)}
        >
          <TextAreaField
            label={t(reader === 'customer' ? 'messages.field.customer' : 'messages.field.staff')}
            hint={t(reader === 'customer' ? 'messages.hint.customer' : 'messages.hint.staff', { max: CLAIM_MESSAGE_MAX_LENGTH.toLocaleString(locale) })}
            name="message"
            rows={3}
            maxLength={CLAIM_MESSAGE_MAX_LENGTH}
            value={text}
            error={error}
            onChange={(event) => (setText(event.target.value), setError(undefined), setSent(false))}
          />
          <div>
            <button type="submit" className="button button--outline" disabled={busy}>
              {t('messages.send')}
            </button>
          </div>
          <p role="status" className="claim-messages__sent">
            {sent ? t('messages.sent') : ''}
          </p>
        </form>
      ) : (
        <p className="muted">{t('messages.closed', { phone: CLAIMS_PHONE })}</p>
      )}
    </div>
  );
}
