import { localDay } from '../../../../shared/dates/state-day';
import { formatNumber, numberLocale } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { TripView } from './trips-api';

/** A time of day where the car was (its policy's state): "3:04 PM", "15:04". */
function clock(instant: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(numberLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/**
 * The trips behind one day's miles, as the app sent them: when each started and ended (in the
 * policy's state), from where to where, and its miles.
 */
export function DayTrips({ trips, timeZone, id }: { trips: TripView[]; timeZone: string; id: string }) {
  const { t } = useTranslation('history');
  const { locale } = useLocale();
  return (
    <ul className="day-trips" id={id}>
      {trips.map((trip) => {
        const nextDay = trip.day !== localDay(new Date(trip.endedAt), timeZone);
        return (
          <li key={trip.id} className="day-trips__trip">
            <span className="day-trips__time">
              {t('trips.time', { start: clock(trip.startedAt, locale, timeZone), end: clock(trip.endedAt, locale, timeZone) })}
              {nextDay && <> {t('trips.nextDay')}</>}
            </span>
            <span className="day-trips__route">
              {trip.startCity || trip.endCity
                ? t('trips.route', { from: trip.startCity ?? t('trips.unknownCity'), to: trip.endCity ?? t('trips.unknownCity') })
                : t('trips.noRoute')}
            </span>
            <span className="day-trips__miles">{t('trips.miles', { miles: formatNumber(trip.miles, locale) })}</span>
          </li>
        );
      })}
    </ul>
  );
}
