import { useState } from 'react';
import { formatInstantDay, formatNumber } from '../../../../shared/format/money';
import { useBrowserZone } from '../../../app/use-browser-zone';
import { TextField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { sendReading, type ReadingView } from '../api/miles-api';
import { OneFieldForm } from './one-field-form';
import type { News } from './news';

/** What a refused reading means to the customer. */
const READING_ERRORS: Record<string, string> = { ODOMETER_WENT_DOWN: 'billing.readingDown', READING_BEFORE_POLICY: 'billing.readingBeforePolicy' };

/** An odometer reading of the chosen car, typed in (for when the app cannot count the trips), beside the car's last one. */
export function OdometerForm(props: { policyId: string; vehicleIndex: number; last?: ReadingView; onSaved: () => void }) {
  const { policyId, vehicleIndex, last, onSaved } = props;
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  const [reading, setReading] = useState('');

  const onSubmit = async (): Promise<News> => {
    const miles = Number(reading);
    if (reading.trim() === '' || !Number.isInteger(miles) || miles < 0) return { kind: 'error', text: t('billing.readingInvalid') };
    const sent = await sendReading(policyId, vehicleIndex, miles);
    if (!sent.ok) return { kind: 'error', text: t(READING_ERRORS[sent.failure.code ?? ''] ?? 'billing.failed') };
    setReading('');
    onSaved();
    return { kind: 'ok', text: t('billing.readingSaved', { miles: formatNumber(miles, locale) }) };
  };

  return (
    <OneFieldForm submit={t('billing.sendReading')} onSubmit={onSubmit}>
      <TextField
        label={t('billing.reading')}
        hint={
          last
            ? `${t('billing.readingHint')} ${t('billing.lastReading', { miles: formatNumber(last.reading, locale), day: formatInstantDay(last.readAt, locale, zone) })}`
            : t('billing.readingHint')
        }
        name="reading"
        inputMode="numeric"
        value={reading}
        onChange={(event) => setReading(event.target.value)}
      />
    </OneFieldForm>
  );
}
