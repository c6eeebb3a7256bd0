import { useEffect, useRef, useState } from 'react';
import { formatCents, formatDay, formatMills } from '../../../shared/format/money';
import { carNumbered } from '../../../shared/policy/policy-cars';
import { vehicleName } from '../../../shared/quote/quote-model';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { confirmChange } from './api/policy-changes-api';
import { failureKey } from './change-request';
import { stateName } from './state-name';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';

/** The change in words: "2016 Toyota RAV4 added, from December 3, 2026". */
export function useChangeSummary() {
  const { t } = useTranslation('policy-changes');
  const { locale } = useLocale();
  return (change: PolicyChangeView) =>
    t('summary.line', {
      what: t(`summary.${change.kind}`, {
        ...change.summary,
        coveragePackage: change.summary.coveragePackage && t(`packages.${change.summary.coveragePackage}`),
      }),
      date: formatDay(change.effectiveDate, locale),
    });
}

/**
 * A priced change before it is confirmed: the base rate and each car's per-mile rate before and
 * after, and what the rest of this billing period costs or gives back. Only the customer confirms.
 */
export function PriceReview({
  change,
  staff,
  onApplied,
  onBack,
  focusOnOpen,
}: {
  change: PolicyChangeView;
  staff: boolean;
  onApplied: (change: PolicyChangeView) => void;
  onBack?: () => void;
  /** Opened by "See the new price", whose form it replaces: its heading takes the focus. */
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation('policy-changes');
  const { locale } = useLocale();
  const summary = useChangeSummary();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  // Each car by its number on the policy: a car removed or replaced is "none" after, a car added or replacing another "none" before.
  const cars = [...new Set([...change.before.vehicles, ...change.after.vehicles].map((v) => v.vehicleIndex))];
  const money = (cents: number) => formatCents(cents, locale);
  const { amountCents, days, to } = change.proration;

  const confirm = async () => {
    setBusy(true);
    const applied = await confirmChange(change.policyId, change.id);
    setBusy(false);
    if (applied.ok) return onApplied(applied.value);
    const later = applied.failure.extra.laterChange;
    setProblem(t(`errors.${failureKey(applied.failure)}`, { state: '', from: '', to: '', date: typeof later === 'string' ? formatDay(later, locale) : '' }));
  };

  return (
    <section className="price-review" aria-labelledby={`review-${change.id}`}>
      <h4 id={`review-${change.id}`} ref={heading} tabIndex={-1}>
        {staff ? t('review.staffTitle') : change.proposedByStaff ? t('review.proposedTitle') : t('review.title')}
      </h4>
      <p>{summary(change)}</p>
      {change.releasesAgentOfRecord && (
        <p className="notice" data-testid="agent-released">
          {t(staff ? 'review.agentReleasedStaff' : 'review.agentReleased', { state: stateName(t, change.after.state) })}
        </p>
      )}
      <table className="data-table price-review__table">
        <caption className="visually-hidden">{t('review.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('review.rate')}</th>
            <th scope="col">{t('review.now')}</th>
            <th scope="col">{t('review.after')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('review.baseRate')}</th>
            <td>{money(change.before.baseRateCents)}</td>
            <td className="price-review__after">{money(change.after.baseRateCents)}</td>
          </tr>
          {cars.map((number) => {
            const [was, will] = [carNumbered(change.before.vehicles, number), carNumbered(change.after.vehicles, number)];
            return (
              <tr key={number}>
                <th scope="row">{t('review.perMile', { car: vehicleName((will ?? was)!) })}</th>
                <td>{was ? formatMills(was.perMileRateMills, locale) : t('review.none')}</td>
                <td className="price-review__after">{will ? formatMills(will.perMileRateMills, locale) : t('review.none')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="price-review__proration">
        {amountCents > 0
          ? t('review.charge', { amount: money(amountCents), days, to: formatDay(to, locale) })
          : amountCents < 0
            ? t('review.credit', { amount: money(-amountCents), days, to: formatDay(to, locale) })
            : t('review.noDifference')}
      </p>
      {staff ? <p className="notice">{t('review.customerConfirms')}</p> : <p className="field__hint">{t('review.documents')}</p>}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="price-review__actions">
        {!staff && (
          <button type="button" className="button button--fill" disabled={busy} onClick={() => void confirm()}>
            {busy ? t('review.confirming') : t('review.confirm')}
          </button>
        )}
        {onBack && (
          <button type="button" className="button button--text" onClick={onBack}>
            {t('review.back')}
          </button>
        )}
      </div>
    </section>
  );
}
