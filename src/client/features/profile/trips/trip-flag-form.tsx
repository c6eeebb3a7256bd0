import { useEffect, useRef, useState } from 'react';
import { TRIP_FLAGS, type TripFlag } from '../../../../shared/miles/miles-model';
import { RadioGroup, TextAreaField } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../i18n/use-translation';
import { flagTrip, type TripView } from './trips-api';

/**
 * Flags one trip ("I was a passenger", "not my car", issue 27): a dispute of its day without it,
 * which staff review as any dispute. Opened under the trip; the first choice takes the focus, and
 * a refusal is said where the button is (role=alert).
 */
export function TripFlagForm(props: { id: string; policyId: string; trip: TripView; name: string; onSent: (day: string) => void; onCancel: () => void }) {
  const { id, policyId, trip, name, onSent, onCancel } = props;
  const { t } = useTranslation('history');
  const [flag, setFlag] = useState<TripFlag>();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  return (
    <form
      ref={form}
      id={id}
      className="form trip-flag"
      noValidate
      aria-label={t('trips.flag.formName', { trip: name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!flag) return setError(t('trips.flag.choose'));
        setBusy(true);
        void flagTrip(policyId, trip.id, flag, note).then((sent) => {
          setBusy(false);
          if (sent.ok) return onSent(trip.day);
          setError(t(sent.failure.code === 'DISPUTE_EXISTS' ? 'trips.flag.dayDisputed' : 'trips.flag.failed'));
        });
      }}
    >
      <RadioGroup
        legend={t('trips.flag.why')}
        name={`flag-${trip.id}`}
        value={flag}
        options={TRIP_FLAGS.map((value) => ({ value, label: t(`trips.flag.reasons.${value}`) }))}
        onChange={(chosen) => (setFlag(chosen), setError(undefined))}
      />
      <TextAreaField label={t('trips.flag.note')} name="note" maxLength={1000} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="trip-flag__buttons">
        <button type="submit" className="button button--outline" disabled={busy}>
          {t('trips.flag.send')}
        </button>
        <button type="button" className="button button--text" onClick={onCancel}>
          {t('trips.flag.cancel')}
        </button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
