import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LONGEST_MONTH_DAYS, mostAMonthCanCostCents } from '../../../shared/billing/monthly-maximum';
import { formatCents, formatNumber } from '../../../shared/format/money';
import { PATHS } from '../../../shared/site-map';
import { packageIncludes, type IncludedLine } from '../../components/pricing/package-includes';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { choosePackage } from './api/quote-api';
import { LoadFailed } from './components/load-failed';
import { perMileRange } from './components/per-mile-rates';
import { QuoteSummary } from './components/quote-summary';
import { usePackages } from './use-packages';
import { usePurchasePage } from './use-purchase-page';
import type { CoveragePackage } from '../../../shared/quote/quote-model';

const RECOMMENDED: CoveragePackage = 'standard';

/** A line's dollar amounts as dollars ("$2,500"), its limits as they are. */
const dollars = (values: IncludedLine['values'], locale: string) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === 'number' ? `$${formatNumber(value, locale)}` : value]));

/** /quote/products: three packages to start the coverage from, each priced for the household. */
export default function QuoteProductsPage() {
  const { t } = useTranslation('quote-products');
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const { quote, state, reload } = usePurchasePage('products');
  const { packages, rules, failed } = usePackages(quote?.id);
  const [saving, setSaving] = useState<CoveragePackage>();
  const [saveFailed, setSaveFailed] = useState(false);

  const choose = async (pkg: CoveragePackage) => {
    setSaving(pkg);
    setSaveFailed(false);
    const result = await choosePackage(quote!.id, pkg);
    setSaving(undefined);
    if (result.ok) void navigate(to(PATHS['quote-coverage']));
    else setSaveFailed(true);
  };

  return (
    <section className="page purchase-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {quote && <QuoteSummary quote={quote} />}
      {(state === 'failed' || failed) && <LoadFailed onRetry={() => void reload()} />}
      {saveFailed && (
        <p className="notice notice--error" role="alert">
          {t('failed')}
        </p>
      )}
      {state === 'loading' || (!packages && !failed) ? (
        <Spinner label={t('loading')} />
      ) : (
        <ul className="packages">
          {(packages ?? []).map(({ package: pkg, price, coverage }) => (
            <li
              key={pkg}
              className={`package card${pkg === RECOMMENDED ? ' package--recommended' : ''}${quote?.coveragePackage === pkg && quote.purchaseStep !== 'products' ? ' package--chosen' : ''}`}
            >
              {pkg === RECOMMENDED && <p className="package__badge">{t('recommended')}</p>}
              <h2>{t(`packages.${pkg}.name`)}</h2>
              <p className="muted">{t(`packages.${pkg}.summary`)}</p>
              <p className="package__price">
                <strong>{formatCents(price.baseRateCents, locale)}</strong> {t('perMonth')}
                <br />
                <strong>{perMileRange(price, locale)}</strong> {t('perMile')}
              </p>
              <p className="package__maximum" data-testid="package-maximum">
                {t('maximum', {
                  amount: formatCents(
                    mostAMonthCanCostCents({
                      baseRateCents: price.baseRateCents,
                      perMileRatesMills: price.vehicles.map((v) => v.perMileRateMills),
                      days: LONGEST_MONTH_DAYS,
                    }),
                    locale,
                  ),
                })}
              </p>
              <ul className="checks">
                {rules && packageIncludes(coverage, rules).map((line) => <li key={line.key}>{t(`lines.${line.key}`, dollars(line.values, locale))}</li>)}
              </ul>
              <button
                type="button"
                className={`button ${pkg === RECOMMENDED ? 'button--fill' : 'button--outline'}`}
                disabled={saving !== undefined}
                onClick={() => void choose(pkg)}
                aria-label={t('chooseNamed', { name: t(`packages.${pkg}.name`) })}
              >
                {saving === pkg ? t('saving') : t('choose')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t('note')}</p>
    </section>
  );
}
