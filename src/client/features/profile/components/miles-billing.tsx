import { useEffect, useId, useState } from 'react';
import { formatDay } from '../../../../shared/format/money';
import { accessAllows, type PolicyAccessLevel } from '../../../../shared/policy/household-model';
import { vehicleName } from '../../../../shared/quote/quote-model';
import { SelectField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchBilling, fetchStatements, type BillingSummary, type StatementSummary } from '../api/billing-api';
import { fetchDailyMiles, fetchDisputes, fetchReadings, type CarDays, type DisputeView, type ReadingView } from '../api/miles-api';
import { LOCATIONS_ERASED_EVENT } from '../location/location-api';
import { fetchTrips, type CarTrips } from '../trips/trips-api';
import { BillSoFarLines } from './bill-so-far';
import { BillingDayForm } from './billing-day-form';
import { BillingFigures } from './billing-figures';
import { BudgetForm } from './budget-form';
import { DisputeForm, type DisputePrefill } from './dispute-form';
import { DisputesList } from './disputes-list';
import { FinalStatement } from './final-statement';
import { MilesDays } from './miles-days';
import { MilesRule } from './miles-rule';
import { NewsLine } from './news-line';
import { OdometerForm } from './odometer-form';
import { StatementsList } from './statements-list';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { ApiResult } from '../../../lib/api/api-result';
import type { News } from './news';

interface Loaded {
  summary: BillingSummary;
  statements: StatementSummary[];
  /** Per car ("policy id:car number"), a car taken off the policy in the period included. */
  days: CarDays[];
  disputes: DisputeView[];
  readings: ReadingView[];
  /** Per car ("policy id:car number"): the trips behind the days. */
  trips: CarTrips[];
}

/** The summary first (its period names the days to ask for); the rest may fail and show empty. */
async function loadBilling(policyId: string): Promise<ApiResult<Loaded>> {
  const summary = await fetchBilling(policyId);
  if (!summary.ok) return summary;
  const { from, to } = summary.value.period;
  const [statements, miles, disputes, readings, trips] = await Promise.all([
    fetchStatements(policyId),
    fetchDailyMiles(policyId, from, to),
    fetchDisputes(policyId),
    fetchReadings(policyId),
    fetchTrips(policyId, from, to),
  ]);
  const loaded: Loaded = {
    summary: summary.value,
    statements: statements.ok ? statements.value : [],
    days: miles.ok ? miles.value : [],
    disputes: disputes.ok ? disputes.value : [],
    readings: readings.ok ? readings.value : [],
    trips: trips.ok ? trips.value : [],
  };
  return { ok: true, value: loaded };
}

/**
 * Pay-per-mile at a glance (after a cancellation too, and after its final statement): this period's miles and bill so far with where it is heading, each
 * car's miles day by day (a chart and a table), a disputed day, an odometer reading, the
 * statement day and mileage budget of the customer's choice, and past statements. On a policy
 * shared with the customer (issue 27), `access` is their role: without `change`, read only.
 */
export function MilesAndBilling({ policy, access = 'owner' }: { policy: PolicyView; access?: PolicyAccessLevel }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  // A cancellation changes what the block shows: asked again, the figures shown meanwhile.
  const query = useApiQuery(['billing', policy.id, policy.cancellationDate], () => loadBilling(policy.id), { keepPrevious: true });
  // The chosen car's number on the policy (not its place in the list).
  const [car, setCar] = useState(policy.vehicles[0].vehicleIndex);
  const key = `${policy.id}:${car}`;
  const [news, setNews] = useState<News>();
  const [prefill, setPrefill] = useState<DisputePrefill>();

  const load = query.refetch;
  const { setData } = query;
  // Erased on the location panel (issue 27): the trips shown here lose their places too.
  useEffect(() => {
    const erased = () =>
      setData((current) => ({
        ...current,
        trips: current.trips.map((car) => ({ ...car, trips: car.trips.map((trip) => ({ ...trip, startCity: null, endCity: null, hasLocation: false })) })),
      }));
    window.addEventListener(LOCATIONS_ERASED_EVENT, erased);
    return () => window.removeEventListener(LOCATIONS_ERASED_EVENT, erased);
  }, [setData]);
  const setSummary = (summary: BillingSummary) => query.setData((current) => ({ ...current, summary }));

  if (query.state === 'loading') return <p className="muted">{t('billing.loading')}</p>;
  if (query.state === 'failed') return <p className="notice notice--error">{t('billing.loadFailed')}</p>;
  const loaded = query.data;
  const { summary, statements } = loaded;
  // A cancelled policy keeps the block after its final statement too: its miles and statements stay readable.
  const disputes = loaded.disputes.filter((dispute) => dispute.vehicleIndex === car);
  // The policy's cars, then each taken off it during the period, named with its last covered day (issue 27).
  const taken = loaded.days.flatMap(({ vehicle, removed }) => (removed ? [{ vehicleIndex: Number(vehicle.split(':')[1]), ...removed }] : []));
  const cars = [
    ...policy.vehicles.map((vehicle) => ({ vehicleIndex: vehicle.vehicleIndex, name: vehicleName(vehicle), until: undefined })),
    ...taken.map((gone) => ({
      vehicleIndex: gone.vehicleIndex,
      name: t('billing.removedCar', { car: vehicleName(gone), date: formatDay(gone.until, locale) }),
      until: gone.until,
    })),
  ];
  const shown = cars.find((option) => option.vehicleIndex === car);
  const { final } = summary;
  // Disputes, trip flags, readings, the billing day and budget: the owner's, or a member's whose role makes changes.
  const changes = accessAllows(access, 'change');
  const takesMiles = !final || final.takesMiles;
  const corrects = takesMiles && changes;
  const finalStatement = final && statements.find((statement) => statement.to === final.lastDay);

  return (
    <section className="miles-billing" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('billing.title')}</h4>
      <p className="muted">
        {t('billing.period', {
          from: formatDay(summary.period.from, locale),
          to: formatDay(summary.period.to, locale),
          day: summary.daysElapsed,
          days: summary.daysInPeriod,
        })}
        {summary.nextStatementDate && !finalStatement && <> {t('billing.nextStatement', { date: formatDay(summary.nextStatementDate, locale) })}</>}
      </p>
      {final && <FinalStatement final={final} statement={finalStatement} summary={summary} />}
      <BillingFigures summary={summary} asksReading={changes} />
      <BillSoFarLines summary={summary} vehicles={policy.vehicles} />
      <h5>{t('billing.milesTitle')}</h5>
      {cars.length > 1 && (
        <SelectField
          label={t('billing.car')}
          hint={t('billing.carHint')}
          name="car"
          value={String(car)}
          onChange={(event) => setCar(Number(event.target.value))}
        >
          {cars.map(({ vehicleIndex, name }) => (
            <option key={vehicleIndex} value={vehicleIndex}>
              {name}
            </option>
          ))}
        </SelectField>
      )}
      <MilesDays
        days={loaded.days.find((days) => days.vehicle === key)?.days ?? []}
        trips={loaded.trips.find((trips) => trips.vehicle === key)}
        disputes={disputes}
        onDispute={corrects ? (day) => setPrefill({ day, at: Date.now() }) : undefined}
        policyId={policy.id}
        onTripFlagged={
          corrects
            ? (day) => {
                setNews({ kind: 'ok', text: t('billing.dispute.tripFlagged', { day: formatDay(day, locale) }) });
                load();
              }
            : undefined
        }
      />
      <MilesRule />
      {corrects && (
        <DisputeForm
          policyId={policy.id}
          vehicleIndex={car}
          firstDay={policy.effectiveDate}
          lastDay={shown?.until}
          state={policy.state}
          prefill={prefill}
          onSent={(day) => {
            setNews({ kind: 'ok', text: t('billing.dispute.sent', { day: formatDay(day, locale) }) });
            load();
          }}
        />
      )}
      <NewsLine news={news} />
      <DisputesList policyId={policy.id} disputes={disputes} />
      <div className="miles-billing__forms">
        {corrects && !shown?.until && (
          <OdometerForm policyId={policy.id} vehicleIndex={car} last={loaded.readings.find((reading) => reading.vehicle === key)} onSaved={load} />
        )}
        {!final && changes && (
          <>
            <BillingDayForm policyId={policy.id} summary={summary} onSaved={setSummary} />
            <BudgetForm policyId={policy.id} summary={summary} onSaved={setSummary} />
          </>
        )}
      </div>
      <StatementsList policy={policy} statements={statements} firstStatementAfter={summary.period.to} />
    </section>
  );
}
