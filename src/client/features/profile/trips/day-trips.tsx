import { useState } from 'react';
import { localDay } from '../../../../shared/dates/state-day';
import { formatNumber, numberLocale } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { TripFlagForm } from './trip-flag-form';
import type { TripView } from './trips-api';

/** A time of day where the car was (its policy's state): "3:04 PM", "15:04". */
function clock(instant: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(numberLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/**
 * The trips behind one day's miles, as the app sent them: when each started and ended (in the
 * policy's state), from where to where (or that its places were not recorded: the customer's
 * location choice, issue 27), and its miles. With `flag`, each can be flagged (a day
 * not disputed yet: one dispute a day).
 */
export function DayTrips(props: { trips: TripView[]; timeZone: string; id: string; flag?: { policyId: string; onSent: (day: string) => void } }) {
  const { trips, timeZone, id, flag } = props;
  const { t } = useTranslation('history');
  const { locale } = useLocale();
  const [flagging, setFlagging] = useState<string>();
  return (
    <ul className="day-trips" id={id}>
      {trips.map((trip) => {
        const nextDay = trip.day !== localDay(new Date(trip.endedAt), timeZone);
        const time = t('trips.time', { start: clock(trip.startedAt, locale, timeZone), end: clock(trip.endedAt, locale, timeZone) });
        return (
          <li key={trip.id} className="day-trips__trip">
            <span className="day-trips__time">
              {time}
              {nextDay && <> {t('trips.nextDay')}</>}
            </span>
            {/* Where a trip went is never sent to session replays (data-private: issue 27, no location reaches a third party). */}
            <span className="day-trips__route" data-private>
              {trip.startCity || trip.endCity
                ? t('trips.route', { from: trip.startCity ?? t('trips.unknownCity'), to: trip.endCity ?? t('trips.unknownCity') })
                : t(trip.hasLocation ? 'trips.mapOnly' : 'trips.noRoute')}
              {trip.hasLocation && <span className="day-trips__located"> {t('trips.locationKept')}</span>}
            </span>
            <span className="day-trips__miles">{t('trips.miles', { miles: formatNumber(trip.miles, locale) })}</span>
            {flag && (
              <button
                type="button"
                id={`${id}-flag-${trip.id}`}
                className="button button--text day-trips__flag"
                aria-expanded={flagging === trip.id}
                aria-controls={flagging === trip.id ? `${id}-flag-form-${trip.id}` : undefined}
                onClick={() => setFlagging(flagging === trip.id ? undefined : trip.id)}
              >
                {t('trips.flag.open')}
                <span className="visually-hidden"> {time}</span>
              </button>
            )}
            {flag && flagging === trip.id && (
              <TripFlagForm
                id={`${id}-flag-form-${trip.id}`}
                policyId={flag.policyId}
                trip={trip}
                name={time}
                onSent={flag.onSent}
                onCancel={() => {
                  setFlagging(undefined);
                  // Back to the button that opened it, not to the page's top.
                  document.getElementById(`${id}-flag-${trip.id}`)?.focus();
                }}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
