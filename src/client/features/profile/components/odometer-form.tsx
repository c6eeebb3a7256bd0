import { useState } from 'react';
import { formatInstantDay, formatNumber } from '../../../../shared/format/money';
import { useBrowserZone } from '../../../app/use-browser-zone';
import { TextField } from '../../../components/ui/form-fields';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { readingPhotoHref, sendReading, type ReadingView } from '../api/miles-api';
import { OneFieldForm } from './one-field-form';
import { readPhoto } from './read-photo';
import type { News } from './news';

/** What a refused reading means to the customer. */
const READING_ERRORS: Record<string, string> = {
  ODOMETER_WENT_DOWN: 'billing.readingDown',
  READING_BEFORE_POLICY: 'billing.readingBeforePolicy',
  PHOTO_INVALID: 'billing.dispute.photoInvalid',
};

/**
 * An odometer reading of the chosen car, typed in (for when the app cannot count the trips),
 * beside the car's last one; with a photo of the odometer if the customer adds one, as the app
 * sends it (issue 27), which staff see when they review a reading.
 */
export function OdometerForm(props: { policyId: string; vehicleIndex: number; last?: ReadingView; onSaved: () => void }) {
  const { policyId, vehicleIndex, last, onSaved } = props;
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  const [reading, setReading] = useState('');
  const [photo, setPhoto] = useState<File>();
  // The file input keeps its choice until it is drawn afresh: a new key after each saved reading.
  const [round, setRound] = useState(0);

  const onSubmit = async (): Promise<News> => {
    const miles = Number(reading);
    if (reading.trim() === '' || !Number.isInteger(miles) || miles < 0) return { kind: 'error', text: t('billing.readingInvalid') };
    const encoded = photo ? await readPhoto(photo) : undefined;
    if (encoded === null) return { kind: 'error', text: t('billing.dispute.photoInvalid') };
    const sent = await sendReading(policyId, vehicleIndex, miles, encoded);
    if (!sent.ok) return { kind: 'error', text: t(READING_ERRORS[sent.failure.code ?? ''] ?? 'billing.failed') };
    setReading('');
    setPhoto(undefined);
    setRound((n) => n + 1);
    onSaved();
    return { kind: 'ok', text: t(encoded ? 'billing.readingSavedWithPhoto' : 'billing.readingSaved', { miles: formatNumber(miles, locale) }) };
  };

  const lastDay = last && formatInstantDay(last.readAt, locale, zone);
  return (
    <OneFieldForm submit={t('billing.sendReading')} onSubmit={onSubmit}>
      <TextField
        label={t('billing.reading')}
        hint={
          last
            ? `${t('billing.readingHint')} ${t('billing.lastReading', { miles: formatNumber(last.reading, locale), day: lastDay })}`
            : t('billing.readingHint')
        }
        name="reading"
        inputMode="numeric"
        value={reading}
        onChange={(event) => setReading(event.target.value)}
      />
      <TextField
        key={round}
        label={t('billing.readingPhoto')}
        hint={t('billing.readingPhotoHint')}
        type="file"
        name="photo"
        accept="image/jpeg,image/png"
        onChange={(event) => setPhoto(event.target.files?.[0])}
      />
      {last?.hasPhoto && (
        <p>
          <NewTabLink href={readingPhotoHref(policyId, last.id)}>{t('billing.readingPhotoLink', { day: lastDay })}</NewTabLink>
        </p>
      )}
    </OneFieldForm>
  );
}
