import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { addDays } from '../../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../../shared/format/money';
import { DECLINE_REASONS, shownDeclineReason } from '../../../shared/payment/decline-reasons';
import { MAX_START_DAYS_AHEAD } from '../../../shared/policy/policy-model';
import { STEP_PATHS } from '../../../shared/quote/purchase-step-paths';
import { PATHS } from '../../../shared/site-map';
import { CardEntry, type CardEntryHandle } from '../../components/payment/card-entry';
import { remainingProblems, SignatureFields, signatureProblems, type Signature, type SignatureProblems } from '../../components/policy/signature-fields';
import { TextField } from '../../components/ui/form-fields';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { dayWithin, policyToday } from '../../lib/dates/local-day';
import { useSession } from '../../lib/session/session-context';
import { LicenceNotice } from './components/licence-notice';
import { LoadFailed } from './components/load-failed';
import { PolicyPricePanel } from './components/policy-price-panel';
import { QuoteSummary } from './components/quote-summary';
import { replayHeldAttempt, usePolicyPurchase, type PurchaseOutcome } from './use-policy-purchase';
import { usePurchasePage } from './use-purchase-page';
import type { LicenceRefusal } from '../../../shared/quote/licence-refusal';

type Problem = Extract<PurchaseOutcome, { ok: false }>['failure']['kind'] | 'invalid';

/**
 * /quote/payment: the price, the first month's base rate due today, the card, the start date and
 * the customer's signature. Staff buying for a customer give the card and the date only: the
 * customer is e-mailed to review and sign, and pays then.
 */
export default function QuotePaymentPage() {
  const { t } = useTranslation('quote-payment');
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const { session } = useSession();
  const staff = Boolean(session?.onBehalf);
  const { quote, state, reload } = usePurchasePage('payment', {
    onNoOpenQuote: async () => {
      const held = await replayHeldAttempt();
      if (!held) return false;
      void navigate(to(held.policyId ? `${PATHS['quote-purchased']}?policy=${encodeURIComponent(held.policyId)}` : PATHS['quote-purchased']), {
        replace: true,
      });
      return true;
    },
  });
  const card = useRef<CardEntryHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  const { submit, resume, unfinished, submitting } = usePolicyPurchase(quote?.id, card);
  // Set in the browser only: the form shows once the quote is loaded, never in the server's HTML.
  // Today in the quote's state (the server's rule), once the quote says which; until then the visitor's.
  const [now] = useState(() => new Date());
  const today = policyToday(quote?.state, now);
  const lastDay = addDays(today, MAX_START_DAYS_AHEAD);
  const [chosenStart, setStartDate] = useState<string>();
  const startDate = chosenStart ?? today;
  const [dateProblem, setDateProblem] = useState(false);
  const [signature, setSignature] = useState<Signature>({ agree: false, name: '' });
  const [signProblems, setSignProblems] = useState<SignatureProblems>({});
  const [problem, setProblem] = useState<{ kind: Problem; reason?: string; refusal?: LicenceRefusal }>();
  const [focusError, setFocusError] = useState(0);

  // After a refused submit, the first field in error in the form's order takes the focus; a card
  // field through CardEntry, as Stripe's fields are frames of their own (data-invalid marks them).
  useEffect(() => {
    if (!focusError) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (first?.closest('.card-entry')) card.current?.focusProblem();
    else first?.focus();
  }, [focusError]);

  if (state !== 'ready' || !quote?.policyPrice) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t('title')}</h1>
        {state === 'failed' ? <LoadFailed onRetry={() => void reload()} /> : <Spinner label={t('loading')} />}
      </section>
    );
  }
  const price = quote.policyPrice;
  const due = formatCents(price.baseRateCents, locale);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (unfinished) return finish();
    setProblem(undefined);
    const badDate = !dayWithin(startDate, today, lastDay);
    const unsigned = staff ? {} : signatureProblems(signature);
    // Every field is checked before anything is sent, so one submit shows every problem.
    const cardReady = card.current?.check() ?? false;
    setDateProblem(badDate);
    setSignProblems(unsigned);
    if (badDate || !cardReady || Object.keys(unsigned).length > 0) return setFocusError((n) => n + 1);

    settle(
      await submit((paymentToken) => ({
        quoteId: quote.id,
        paymentToken,
        startDate,
        ...(staff ? {} : { agreeToTerms: true as const, signatureName: signature.name.trim() }),
      })),
    );
  };

  const finish = async () => {
    setProblem(undefined);
    settle(await resume());
  };

  const settle = (outcome: PurchaseOutcome | null) => {
    if (!outcome) return;
    if (outcome.ok) return void navigate(to(`${PATHS['quote-purchased']}?policy=${encodeURIComponent(outcome.answer.policy.id)}`));
    const { failure } = outcome;
    switch (failure.kind) {
      case 'price-changed':
        return void navigate(to(PATHS['quote-coverage']), { state: { notice: 'price-changed' } });
      case 'out-of-order':
        return void navigate(to(STEP_PATHS[failure.step] ?? PATHS.quote));
      case 'closed':
        return void navigate(to(failure.policyId ? `${PATHS['quote-purchased']}?policy=${encodeURIComponent(failure.policyId)}` : PATHS['quote-purchased']));
      case 'not-found':
        return void reload();
      case 'declined':
        // Another card is needed: the form opens empty again, and says why.
        card.current?.reset();
        return setProblem({ kind: 'declined', reason: shownDeclineReason(failure.reason, DECLINE_REASONS) });
      case 'token':
        card.current?.reset();
        return setProblem({ kind: 'token' });
      case 'not-licensed':
        return setProblem({ kind: failure.kind, refusal: failure.refusal });
      case 'invalid':
        setDateProblem(Boolean(failure.fields.startDate));
        if (!staff)
          setSignProblems({
            ...(failure.fields.agreeToTerms ? { agreeToTerms: 'required' } : {}),
            ...(failure.fields.signatureName ? { signatureName: 'required' } : {}),
          });
        setFocusError((n) => n + 1);
        return setProblem({ kind: 'invalid' });
      default:
        return setProblem({ kind: failure.kind });
    }
  };

  const changeSignature = (next: Signature) => {
    setSignature(next);
    setSignProblems((shown) => remainingProblems(shown, next));
  };

  const problemText = (): string => {
    if (!problem) return '';
    if (problem.kind === 'declined') return t(`errors.declined.${problem.reason}`);
    if (['authentication', 'unknown', 'in-progress', 'invalid', 'token', 'too-many'].includes(problem.kind)) return t(`errors.${problem.kind}`);
    return t('errors.failed');
  };

  return (
    <section className="page purchase-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t(staff ? 'staff.intro' : 'intro')}</p>
      <QuoteSummary quote={quote} />
      <div className="quote-layout">
        <form ref={form} className="quote-layout__form payment-form" noValidate onSubmit={(event) => void pay(event)} aria-busy={submitting || undefined}>
          {staff && (
            <p className="notice" data-testid="staff-sign-later">
              {t('staff.signLater', { email: session?.userEmail })}
            </p>
          )}
          <div className="due-today" data-testid="due-today">
            <p className="due-today__label">{t(staff ? 'due.staffLabel' : 'due.label')}</p>
            <p className="due-today__amount">{due}</p>
            <p className="muted">{t(staff ? 'due.staffNote' : 'due.note')}</p>
          </div>
          <TextField
            type="date"
            label={t('startDate.label')}
            hint={t('startDate.hint', { last: formatDay(lastDay, locale) })}
            error={
              dateProblem
                ? t(startDate ? 'startDate.outOfRange' : 'startDate.required', { first: formatDay(today, locale), last: formatDay(lastDay, locale) })
                : undefined
            }
            name="startDate"
            min={today}
            max={lastDay}
            required
            value={startDate}
            disabled={submitting || Boolean(unfinished)}
            onChange={(event) => {
              setStartDate(event.target.value);
              if (dateProblem && dayWithin(event.target.value, today, lastDay)) setDateProblem(false);
            }}
          />
          {unfinished ? (
            // The server holds the quote for the unanswered attempt alone: only it can finish.
            <div className="notice" data-testid="unfinished-payment">
              <p>{t('unfinished.text')}</p>
            </div>
          ) : (
            <>
              <CardEntry ref={card} disabled={submitting} onReset={() => setProblem(undefined)} />
              {!staff && <SignatureFields value={signature} onChange={changeSignature} problems={signProblems} disabled={submitting} />}
            </>
          )}
          {problem?.refusal && <LicenceNotice refusal={problem.refusal} />}
          {problem && !problem.refusal && (
            <p className="notice notice--error" role="alert">
              {problemText()}
            </p>
          )}
          <div className="quote-step__actions">
            <button type="button" className="button button--outline" disabled={submitting} onClick={() => void navigate(to(PATHS['quote-coverage']))}>
              {t('back')}
            </button>
            {unfinished ? (
              <button type="button" className="button button--fill" disabled={submitting} onClick={() => void finish()}>
                {submitting ? t('submitting') : t('unfinished.resume')}
              </button>
            ) : (
              <button type="submit" className="button button--fill" disabled={submitting}>
                {submitting ? t('submitting') : staff ? t('staff.submit') : t('submit', { amount: due })}
              </button>
            )}
          </div>
          <p className="muted" role="status">
            {submitting ? t('processing') : ''}
          </p>
        </form>
        <PolicyPricePanel price={price} busy={submitting} />
      </div>
    </section>
  );
}
