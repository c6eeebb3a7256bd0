import { Fragment, useState } from 'react';
import { formatDay, formatNumber, formatShortDay } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { DayTrips } from '../trips/day-trips';
import { tripsByDay, type CarTrips } from '../trips/trips-api';
import { MilesChart } from './miles-chart';
import type { DayMiles, DisputeView } from '../api/miles-api';

/**
 * A car's miles this period: a chart of the days, and the same figures as a table (the chart's
 * alternative), where each day with miles can be disputed or shows how its dispute stands, and
 * opens the trips behind it.
 */
export function MilesDays({
  days,
  trips,
  disputes,
  onDispute,
  onTripFlagged,
  policyId,
}: {
  days: DayMiles[];
  trips?: CarTrips;
  disputes: DisputeView[];
  onDispute?: (day: string) => void;
  /** Where a flagged trip is told (a car that takes miles; a day not disputed yet). */
  onTripFlagged?: (day: string) => void;
  policyId: string;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const byDay = tripsByDay(trips);
  const [opened, setOpened] = useState<string[]>([]);
  const toggle = (day: string) => setOpened((shown) => (shown.includes(day) ? shown.filter((d) => d !== day) : [...shown, day]));
  const moved = days.filter((day) => day.source !== 'none');
  const disputed = new Map(disputes.map((dispute) => [dispute.day, dispute]));

  if (moved.length === 0) return <p className="muted">{t('billing.noMiles')}</p>;
  return (
    <>
      <MilesChart days={days} />
      <details className="miles-billing__days">
        <summary>{t('billing.daysTitle', { count: moved.length })}</summary>
        {/* Focusable, so that a keyboard can scroll it where a phone is too narrow for it. */}
        <div className="table-scroll" role="region" aria-label={t('billing.daysCaption')} tabIndex={0}>
          {/* Roles written out: on a phone the rows are laid out as cards (CSS), which would otherwise drop the table's semantics. */}
          <table className="miles-table miles-table--days" role="table">
            <caption className="visually-hidden">{t('billing.daysCaption')}</caption>
            <thead>
              <tr role="row">
                {[
                  t('billing.day'),
                  t('billing.miles'),
                  t('billing.billable'),
                  t('billing.source'),
                  t('trips.column', { ns: 'history' }),
                  t('billing.disputeColumn'),
                ].map((name) => (
                  <th key={name} scope="col" role="columnheader">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {moved.map((day) => {
                const dispute = disputed.get(day.date);
                const written = formatDay(day.date, locale);
                const dayTrips = byDay.get(day.date) ?? [];
                const open = opened.includes(day.date);
                const tripsId = `trips-${trips?.vehicle ?? ''}-${day.date}`.replace(/[^a-zA-Z0-9-]/g, '-');
                return (
                  <Fragment key={day.date}>
                    <tr role="row">
                      {/* Short, so that the row fits a phone: the days are all of this month. */}
                      <th scope="row" role="rowheader">
                        <time dateTime={day.date}>{formatShortDay(day.date, locale)}</time>
                      </th>
                      {/* On a phone each figure carries its column's name (data-label), the header row being hidden there. */}
                      <td role="cell" data-label={t('billing.miles')}>
                        {formatNumber(day.miles, locale)}
                      </td>
                      <td role="cell" data-label={t('billing.billable')}>
                        {formatNumber(day.billableMiles, locale)}
                      </td>
                      <td role="cell" data-label={t('billing.source')}>
                        {t(`billing.sources.${day.source}`)}
                      </td>
                      <td role="cell" className="miles-table__trips-cell">
                        {dayTrips.length > 0 && (
                          <button
                            type="button"
                            className="button button--text miles-table__trips-toggle"
                            aria-expanded={open}
                            aria-controls={open ? tripsId : undefined}
                            onClick={() => toggle(day.date)}
                          >
                            {t('trips.count', { ns: 'history', count: dayTrips.length })}
                            <span className="visually-hidden"> {t('trips.onDay', { ns: 'history', day: written })}</span>
                          </button>
                        )}
                      </td>
                      <td role="cell" className="miles-table__dispute-cell">
                        {dispute
                          ? t(`billing.disputeStatus.${dispute.status}`)
                          : onDispute && (
                              <button
                                type="button"
                                className="button button--text"
                                onClick={() => onDispute(day.date)}
                                aria-label={t('billing.disputeDayNamed', { day: written })}
                              >
                                {t('billing.disputeDay')}
                              </button>
                            )}
                      </td>
                    </tr>
                    {open && trips && (
                      <tr className="miles-table__trips" role="row">
                        <td colSpan={6} role="cell">
                          <DayTrips
                            id={tripsId}
                            trips={dayTrips}
                            timeZone={trips.timeZone}
                            flag={onTripFlagged && !dispute ? { policyId, onSent: onTripFlagged } : undefined}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        {trips?.more && <p className="muted">{t('trips.more', { ns: 'history' })}</p>}
      </details>
    </>
  );
}
