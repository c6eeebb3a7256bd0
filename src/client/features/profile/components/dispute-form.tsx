import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { dayWithin, policyToday } from '../../../lib/dates/local-day';
import { sendDispute, type NewDispute } from '../api/miles-api';
import { readPhoto } from './read-photo';

/** The day a table row asked to dispute; `at` tells a second click on the same day from none. */
export interface DisputePrefill {
  day: string;
  at: number;
}

type Errors = Partial<Record<'day' | 'reason' | 'claimedMiles' | 'photo' | 'form', string>>;

const SERVER_ERRORS: Record<string, keyof Errors> = { DAY_OUT_OF_POLICY: 'day', PHOTO_INVALID: 'photo', DISPUTE_EXISTS: 'form' };
const WHOLE_MILES = /^\d{1,4}$/;

/**
 * Dispute a day of a car's miles: the day, why, optionally the miles it really drove and a photo
 * of the odometer. Any day of the policy up to today can be disputed, with miles or without.
 */
export function DisputeForm(props: {
  policyId: string;
  vehicleIndex: number;
  firstDay: string;
  /** The car's last covered day, for a car taken off the policy; otherwise today is the last day. */
  lastDay?: string;
  /** The policy's state: its days are the server's "today" for a disputed day. */
  state: string;
  prefill?: DisputePrefill;
  onSent: (day: string) => void;
}) {
  const { t } = useTranslation('profile');
  const today = policyToday(props.state);
  const lastDay = props.lastDay && props.lastDay < today ? props.lastDay : today;
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [claimedMiles, setClaimedMiles] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const focusReason = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!props.prefill) return;
    setDay(props.prefill.day);
    setOpen(true);
    focusReason.current = true;
  }, [props.prefill]);

  // Once the disclosure is open (a closed one's fields take no focus): the day is chosen, what is left to say is why.
  useEffect(() => {
    if (!open || !focusReason.current) return;
    focusReason.current = false;
    reasonField.current?.focus();
  });

  const check = (): Errors => {
    const found: Errors = {};
    if (!day) found.day = t('billing.dispute.dayRequired');
    else if (!dayWithin(day, props.firstDay, lastDay)) found.day = t('billing.dispute.dayOutOfPolicy');
    if (reason.trim().length < 3) found.reason = t('billing.dispute.reasonRequired');
    if (claimedMiles.trim() !== '' && (!WHOLE_MILES.test(claimedMiles.trim()) || Number(claimedMiles) > 1000))
      found.claimedMiles = t('billing.dispute.claimedInvalid');
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    const encoded = photo ? await readPhoto(photo) : undefined;
    if (encoded === null) found.photo = t('billing.dispute.photoInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const dispute: NewDispute = {
      vehicleIndex: props.vehicleIndex,
      day,
      reason: reason.trim(),
      ...(claimedMiles.trim() !== '' && { claimedMiles: Number(claimedMiles) }),
      ...(encoded && { photo: encoded }),
    };
    setBusy(true);
    const sent = await sendDispute(props.policyId, dispute);
    setBusy(false);
    if (!sent.ok) {
      const field = SERVER_ERRORS[sent.failure.code ?? ''];
      return setErrors(field ? { [field]: t(`billing.dispute.errors.${sent.failure.code}`) } : { form: t('billing.failed') });
    }
    form.current?.reset();
    setReason('');
    setClaimedMiles('');
    setPhoto(undefined);
    setOpen(false);
    props.onSent(day);
  };

  return (
    <details className="dispute-form" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('billing.dispute.title')}</summary>
      <p className="muted">{t('billing.dispute.intro')}</p>
      <form ref={form} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="field-row">
          <TextField
            label={t('billing.dispute.day')}
            type="date"
            name="day"
            min={props.firstDay}
            max={lastDay}
            value={day}
            error={errors.day}
            onChange={(event) => setDay(event.target.value)}
          />
          <TextField
            label={t('billing.dispute.claimedMiles')}
            hint={t('billing.dispute.claimedHint')}
            name="claimedMiles"
            inputMode="numeric"
            value={claimedMiles}
            error={errors.claimedMiles}
            onChange={(event) => setClaimedMiles(event.target.value)}
          />
        </div>
        <TextAreaField
          ref={reasonField}
          label={t('billing.dispute.reason')}
          name="reason"
          maxLength={1000}
          rows={3}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <TextField
          label={t('billing.dispute.photo')}
          hint={t('billing.dispute.photoHint')}
          type="file"
          name="photo"
          accept="image/jpeg,image/png"
          error={errors.photo}
          onChange={(event) => setPhoto(event.target.files?.[0])}
        />
        <div>
          <button type="submit" className="button button--outline" disabled={busy}>
            {t('billing.dispute.send')}
          </button>
        </div>
      </form>
    </details>
  );
}
