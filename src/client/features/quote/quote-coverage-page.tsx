import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { choiceProblems, type Coverage, type CoverageQuestion } from '../../../shared/quote/coverage-model';
import { PATHS } from '../../../shared/site-map';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { confirmCoverage, saveCoverage } from './api/quote-api';
import { CoverageEditor } from './components/coverage-editor';
import { LoadFailed } from './components/load-failed';
import { PolicyPricePanel } from './components/policy-price-panel';
import { QuoteSummary } from './components/quote-summary';
import { usePackages } from './use-packages';
import { usePurchasePage } from './use-purchase-page';

/**
 * /quote/coverage: every coverage's limits and deductibles, each change saved and priced by the
 * rating engine at once; the state's requirements cannot be chosen away.
 */
export default function QuoteCoveragePage() {
  const { t } = useTranslation('quote-coverage');
  const { to } = useLocale();
  const navigate = useNavigate();
  const { quote, setQuote, state, reload } = usePurchasePage('coverage');
  const { rules, failed: rulesFailed } = usePackages(quote?.id);
  const [shown, setShown] = useState<Coverage>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<'failed' | 'notAllowed' | 'choicesMissing'>();
  // The state's select/reject questions still unanswered when Continue was pressed.
  const [missing, setMissing] = useState<CoverageQuestion[]>([]);
  const latest = useRef(0);
  // Sent back from payment because the rates changed since the coverage was confirmed.
  const priceChanged = (useLocation().state as { notice?: string } | null)?.notice === 'price-changed';

  const change = async (coverage: Coverage) => {
    setShown(coverage);
    setMissing((before) => (before.length ? choiceProblems(rules!, coverage).unanswered : before));
    setSaving(true);
    setProblem(undefined);
    const call = ++latest.current;
    const result = await saveCoverage(quote!.id, coverage);
    // A later change is on its way: its answer, not this one, is what the page shows.
    if (call !== latest.current) return;
    setSaving(false);
    if (result.ok) {
      setQuote(result.value);
      setShown(undefined);
    } else {
      setProblem(result.failure.kind === 'not-allowed' ? 'notAllowed' : 'failed');
      setShown(undefined);
    }
  };

  const showMissing = (coverages: CoverageQuestion[]) => {
    setMissing(coverages);
    setProblem('choicesMissing');
    document.querySelector<HTMLInputElement>(`input[name="choice-${coverages[0]}"]`)?.focus();
  };

  const next = async () => {
    const { unanswered } = choiceProblems(rules!, shown ?? quote!.coverage!);
    if (unanswered.length) return showMissing(unanswered);
    setSaving(true);
    const result = await confirmCoverage(quote!.id);
    setSaving(false);
    if (result.ok) void navigate(to(PATHS['quote-payment']));
    else if (result.failure.kind === 'choices-required') showMissing(result.failure.coverages);
    else setProblem(result.failure.kind === 'not-allowed' ? 'notAllowed' : 'failed');
  };

  if (state !== 'ready' || !quote || !rules) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t('title')}</h1>
        {state === 'failed' || rulesFailed ? <LoadFailed onRetry={() => void reload()} /> : <Spinner label={t('loading')} />}
      </section>
    );
  }
  return (
    <section className="page purchase-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <QuoteSummary quote={quote} sticky busy={saving} />
      {priceChanged && (
        <p className="notice notice--error" role="alert">
          {t('priceChanged')}
        </p>
      )}
      <div className="quote-layout">
        <div className="quote-layout__form">
          {problem && (
            <p className="notice notice--error" role="alert">
              {t(`errors.${problem}`)}
            </p>
          )}
          <CoverageEditor
            coverage={shown ?? quote.coverage!}
            rules={rules}
            disabled={false}
            missingChoices={missing}
            onChange={(coverage) => void change(coverage)}
          />
          <div className="quote-step__actions">
            <button type="button" className="button button--outline" onClick={() => void navigate(to(PATHS['quote-products']))}>
              {t('back')}
            </button>
            <button type="button" className="button button--fill" disabled={saving} onClick={() => void next()}>
              {t('next')}
            </button>
          </div>
        </div>
        {quote.policyPrice && <PolicyPricePanel price={quote.policyPrice} busy={saving} />}
      </div>
    </section>
  );
}
