import { useId, useRef, useState, type FormEvent } from 'react';
import { formatDay } from '../../../../shared/format/money';
import { TextField } from '../../../components/ui/form-fields';
import { firstInvalid, useFocusNext } from '../../../components/ui/use-focus-next';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { dayWithin, policyToday } from '../../../lib/dates/local-day';
import { cancelPolicy } from '../../../lib/policy/policy-api';
import { CancelQuote } from './cancel-quote';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/**
 * "Cancel policy" asks first, in a modal dialog (the browser's own <dialog>: focus kept inside,
 * Escape closes, the page behind inert): the last day covered, today to the end of the term,
 * what that day comes to (the refund or amount due), and that there is no fee.
 */
export function CancelDialog(props: { policy: PolicyView; onClose: () => void; onCancelled: (policy: PolicyView) => void }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [today] = useState(() => policyToday(props.policy.state));
  const last = props.policy.termEndDate;
  const [date, setDate] = useState(today);
  const [dateProblem, setDateProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useFocusNext(busy);

  useModalDialog(dialog);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    // A day refused, here or by the server, takes the focus back to the date, which says why.
    focusNext(() => firstInvalid(form.current));
    if (!dayWithin(date, today, last)) return setDateProblem(true);
    setBusy(true);
    const result = await cancelPolicy(props.policy.id, date);
    setBusy(false);
    if (result.ok) return props.onCancelled(result.value);
    if (result.failure.kind === 'invalid') return setDateProblem(true);
    setFailed(true);
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onCancel={props.onClose}>
      <form ref={form} noValidate onSubmit={(event) => void confirm(event)} className="dialog__form">
        <h2 id={`${id}-title`}>{t('cancel.title', { number: props.policy.number })}</h2>
        <p id={`${id}-text`}>{t('cancel.text')}</p>
        <TextField
          type="date"
          label={t('cancel.date')}
          hint={t('cancel.dateHint', { last: formatDay(last, locale) })}
          error={dateProblem ? t('cancel.dateProblem', { first: formatDay(today, locale), last: formatDay(last, locale) }) : undefined}
          min={today}
          max={last}
          required
          value={date}
          disabled={busy}
          onChange={(event) => {
            setDate(event.target.value);
            setDateProblem(false);
          }}
        />
        {/* A bound policy's refund or amount due for the chosen day, before confirming; one never bound is refunded whole. */}
        {props.policy.boundAt && <CancelQuote policyId={props.policy.id} date={dayWithin(date, today, last) ? date : null} />}
        <p className="muted">{t('cancel.noFee')}</p>
        {failed && (
          <p className="notice notice--error" role="alert">
            {t('cancel.failed')}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t('cancel.cancelling') : t('cancel.confirm')}
          </button>
          <button type="button" className="button button--outline" disabled={busy} onClick={props.onClose}>
            {t('cancel.keep')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
