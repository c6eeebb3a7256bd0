import { useRef, useState, type FormEvent } from 'react';
import { formatCents, formatMills, formatNumber } from '../../../../shared/format/money';
import { PATHS } from '../../../../shared/site-map';
import { TextField } from '../../../components/ui/form-fields';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { firstInvalid, useFocusNext } from '../../../components/ui/use-focus-next';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchEstimate, type EstimateOutcome } from '../api/estimate-api';

// The estimate prices a typical car: a five-year-old Toyota Camry, Standard coverage, a clean record.
const TYPICAL_CAR_AGE = 5;
const TYPICAL_CAR = { make: 'Toyota', model: 'Camry' };
const FIRST_LICENSE_AGE = 16;

/** "YYYY-MM-DD" of a birthday `age` years (and a day) ago. */
function birthDateFor(age: number): string {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate() - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Home's price estimator: ZIP, age and miles give a price from the same engine as the quote.
 * Its fields are uncontrolled, read on submit, so what a visitor types before the page has
 * hydrated is kept; submitted before then, the form opens the quote with the ZIP.
 */
export function PriceEstimator() {
  const { t } = useTranslation('home');
  const { locale, to } = useLocale();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<EstimateOutcome>();
  const [asked, setAsked] = useState<{ zip: string; miles: number }>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const focusNext = useFocusNext(busy);

  // Counts the answers asked for: an edit or a new submit makes an answer on its way stale.
  const latest = useRef(0);

  const forgetAnswer = () => {
    latest.current += 1;
    setOutcome(undefined);
    setAsked(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [zip, age, miles] = ['zip', 'estimate-age', 'estimate-miles'].map((name) => String((form.get(name) as string | null) ?? '').trim());
    // What the last answer said is about the last figures: gone before anything new is said.
    forgetAnswer();
    const call = latest.current;
    // Refused, the first field in error takes the focus (it says its message); answered, the
    // answer's first line does, so the keyboard goes on from the answer and its link.
    focusNext(() => firstInvalid(formRef.current) ?? answerRef.current?.querySelector<HTMLElement>('[tabindex="-1"]'));
    const found: Record<string, string> = {};
    if (!/^\d{5}$/.test(zip)) found.zip = t('estimator.errors.zip');
    if (!/^\d+$/.test(age) || Number(age) < 16 || Number(age) > 99) found.age = t('estimator.errors.age');
    if (!/^\d+$/.test(miles) || Number(miles) > 10_000) found.miles = t('estimator.errors.miles');
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await fetchEstimate({
      zip,
      birthDate: birthDateFor(Number(age)),
      yearsLicensed: Number(age) - FIRST_LICENSE_AGE,
      milesPerMonth: Number(miles),
      vehicle: { year: new Date().getUTCFullYear() - TYPICAL_CAR_AGE, ...TYPICAL_CAR },
    });
    setBusy(false);
    if (call !== latest.current) return;
    setOutcome(result);
    setAsked({ zip, miles: Number(miles) });
    if (!result.ok && result.reason === 'invalid' && result.fields?.includes('zip')) setProblems({ zip: t('estimator.errors.unknownZip') });
  };

  const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*' };
  return (
    <div className="estimator card">
      {/* Sent before the page has hydrated, the form still leads somewhere useful: the quote, with the ZIP. */}
      <form
        ref={formRef}
        className="estimator__form"
        method="get"
        action={to(PATHS.quote)}
        noValidate
        onSubmit={(event) => void submit(event)}
        onChange={forgetAnswer}
      >
        <TextField label={t('estimator.zip')} error={problems.zip} name="zip" autoComplete="postal-code" maxLength={5} {...digits} />
        <TextField label={t('estimator.age')} error={problems.age} name="estimate-age" maxLength={2} defaultValue="35" {...digits} />
        <TextField label={t('estimator.miles')} error={problems.miles} name="estimate-miles" maxLength={5} defaultValue="600" {...digits} />
        <button type="submit" className="button button--fill" disabled={busy}>
          {busy ? t('estimator.working') : t('estimator.submit')}
        </button>
      </form>
      <div ref={answerRef} className="estimator__result" aria-live="polite">
        {outcome?.ok && asked && (
          <>
            <p className="estimator__figures" tabIndex={-1}>
              {t('estimator.result', {
                base: formatCents(outcome.estimate.baseRateCents, locale),
                perMile: formatMills(outcome.estimate.perMileRateMills, locale),
              })}
            </p>
            <p>{t('estimator.month', { amount: formatCents(outcome.estimate.monthlyEstimateCents, locale), miles: formatNumber(asked.miles, locale) })}</p>
            <p className="muted">{t('estimator.assumptions')}</p>
            <LocalizedLink to={`${PATHS.quote}?zip=${asked.zip}`} className="button button--outline">
              {t('estimator.cta')}
            </LocalizedLink>
          </>
        )}
        {outcome && !outcome.ok && outcome.reason === 'not-served' && <p tabIndex={-1}>{t('estimator.notServed')}</p>}
        {outcome && !outcome.ok && outcome.reason === 'failed' && <p role="alert">{t('estimator.failed')}</p>}
      </div>
    </div>
  );
}
