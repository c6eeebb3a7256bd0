import { useEffect, useRef, useState } from 'react';
import { formatDay, formatNumber, formatShortDay, numberLocale } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { DayMiles } from '../api/miles-api';

/** What a screen reader hears instead of the bars: the total, and the day with the most miles. */
function useSummary(days: DayMiles[]): string {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const moved = days.filter((day) => day.miles > 0);
  const most = moved.reduce<DayMiles | undefined>((top, day) => (!top || day.miles > top.miles ? day : top), undefined);
  const total = Math.round(moved.reduce((sum, day) => sum + day.miles, 0) * 100) / 100;
  return t('billing.chartSummary', {
    from: formatDay(days[0].date, locale),
    to: formatDay(days[days.length - 1].date, locale),
    total: formatNumber(total, locale),
    count: moved.length,
    day: most ? formatDay(most.date, locale) : '',
    most: formatNumber(most?.miles ?? 0, locale),
  });
}

/**
 * The miles of each day as bars, drawn by Chart.js once its chunk has loaded (only the profile
 * loads it). The table beside it holds the same figures; if the chart cannot load, the table stays.
 */
export function MilesChart({ days }: { days: DayMiles[] }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const summary = useSummary(days);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let current = true;
    import('./draw-miles-chart')
      .then(({ drawMilesChart }) => {
        if (!current || !canvas.current) return;
        chart = drawMilesChart(canvas.current, {
          labels: days.map((day) => formatShortDay(day.date, locale)),
          titles: days.map((day) => formatDay(day.date, locale)),
          billed: days.map((day) => day.billableMiles),
          free: days.map((day) => Math.max(0, Math.round((day.miles - day.billableMiles) * 100) / 100)),
          texts: { billed: t('billing.chartBilled'), free: t('billing.chartFree'), axis: t('billing.miles') },
          locale: numberLocale(locale),
          formatMiles: (miles) => formatNumber(miles, locale),
        });
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
      chart?.destroy();
    };
  }, [days, locale, t]);

  if (failed) return null;
  return (
    <figure className="miles-chart">
      <div className="miles-chart__frame">
        <canvas ref={canvas} role="img" aria-label={summary}>
          {summary}
        </canvas>
      </div>
      <figcaption className="muted">{t('billing.chartCaption')}</figcaption>
    </figure>
  );
}
