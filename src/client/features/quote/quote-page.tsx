import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { QUOTE_STEPS, type QuoteStep } from '../../../shared/quote/quote-model';
import { PATHS } from '../../../shared/site-map';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import { DriverStep } from './components/driver-step';
import { EmailStep } from './components/email-step';
import { IncidentsStep } from './components/incidents-step';
import { LicenceNotice } from './components/licence-notice';
import { LoadFailed } from './components/load-failed';
import { MilesStep } from './components/miles-step';
import { PricePanel } from './components/price-panel';
import { QuoteProgress } from './components/quote-progress';
import { StepHeadingFocus } from './components/step-frame';
import { VehicleStep } from './components/vehicle-step';
import { WaitlistPanel } from './components/waitlist-panel';
import { ZipStep } from './components/zip-step';
import { useQuoteFlow } from './use-quote-flow';

/**
 * /quote: ZIP → vehicle → driver → incidents → miles → e-mail, with the instant price beside
 * the form as soon as the answers are enough to rate. The step is in the URL (`?step=`), so
 * the browser's back and forward buttons move between steps; nothing typed is lost, because
 * each step is saved to the server when it is left.
 */
export default function QuotePage() {
  const { t } = useTranslation('quote');
  const { to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session } = useSession();
  const flow = useQuoteFlow();
  const [typedMiles, setTypedMiles] = useState<number>();
  const { quote } = flow;

  const furthest = QUOTE_STEPS.indexOf(quote?.nextStep ?? 'zip');
  const asked = params.get('step') as QuoteStep | null;
  const step: QuoteStep = asked && QUOTE_STEPS.includes(asked) && QUOTE_STEPS.indexOf(asked) <= furthest ? asked : QUOTE_STEPS[furthest];
  const index = QUOTE_STEPS.indexOf(step);
  const goTo = (next: QuoteStep) => void navigate({ search: `?step=${next}` });
  const back = () => goTo(QUOTE_STEPS[Math.max(0, index - 1)]);
  const saveThen = async (answers: Parameters<typeof flow.save>[0]) => {
    if (await flow.save(answers)) goTo(QUOTE_STEPS[Math.min(QUOTE_STEPS.length - 1, index + 1)]);
  };
  const answers = quote?.answers ?? {};
  // Home's estimator passes the ZIP it priced (read only after load: open pages render once).
  const zipFromLink = /^\d{5}$/.test(params.get('zip') ?? '') ? params.get('zip')! : undefined;
  const common = { problems: flow.problems, saving: flow.saving };
  // On a page the browser loaded (hydrated, not reached by a link inside the site), the step shown
  // once the saved quote has loaded is where the page starts: its heading is not focused (a page
  // starts at its top; the consent banner may hold the focus; and the focus forced a layout in
  // that commit). Any step after a move is, and so is the first after a link inside the site,
  // where the focus would otherwise fall to <body>. State set during render: the step's first
  // commit already knows.
  const [focusSteps, setFocusSteps] = useState(() => typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true');
  const [startStep, setStartStep] = useState<QuoteStep>();
  if (flow.load === 'ready' && startStep === undefined) setStartStep(step);
  if (startStep !== undefined && step !== startStep && !focusSteps) setFocusSteps(true);

  return (
    <section className="page quote-page" aria-labelledby="page-title">
      <header className="quote-page__intro">
        <h1 id="page-title">{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      {flow.load === 'loading' && <Spinner label={t('loading')} />}
      {flow.load === 'failed' && <LoadFailed onRetry={() => void flow.reload()} />}
      {flow.load === 'ready' && (
        <div className="quote-layout">
          <div className="quote-layout__form">
            <StepHeadingFocus.Provider value={focusSteps}>
              <QuoteProgress current={index} />
              {flow.failed && (
                <p className="notice notice--error" role="alert">
                  {t('errors.failed')}
                </p>
              )}
              {flow.declined && (
                <div className="notice notice--error" role="alert">
                  <p>{t('declined.body')}</p>
                  <LocalizedLink to={PATHS.contact}>{t('declined.contact')}</LocalizedLink>
                </div>
              )}
              {/* On the ZIP step the step says it itself, next to the ZIP it is about. */}
              {flow.notLicensed && step !== 'zip' && <LicenceNotice refusal={flow.notLicensed} />}
              {flow.notServed ? (
                <WaitlistPanel zip={flow.notServed.zip} state={flow.notServed.state} onOtherZip={flow.clearNotServed} />
              ) : (
                <>
                  {step === 'zip' && (
                    <ZipStep key="zip" initial={answers.zip ?? zipFromLink} {...common} refusal={flow.notLicensed} onSave={(zip) => void saveThen({ zip })} />
                  )}
                  {step === 'vehicle' && (
                    <VehicleStep key="vehicle" initial={answers.vehicle} {...common} onSave={(vehicle) => void saveThen({ vehicle })} onBack={back} />
                  )}
                  {step === 'driver' && (
                    <DriverStep
                      key="driver"
                      initial={answers.driver}
                      initialPrior={answers.priorInsurance}
                      {...common}
                      onSave={(driver, priorInsurance) => void saveThen({ driver, priorInsurance })}
                      onBack={back}
                    />
                  )}
                  {step === 'incidents' && (
                    <IncidentsStep key="incidents" initial={answers.incidents} {...common} onSave={(incidents) => void saveThen({ incidents })} onBack={back} />
                  )}
                  {step === 'miles' && (
                    <MilesStep
                      key="miles"
                      initial={answers.milesPerMonth}
                      {...common}
                      onChange={setTypedMiles}
                      onSave={(milesPerMonth) => void saveThen({ milesPerMonth })}
                      onBack={back}
                    />
                  )}
                  {step === 'email' && (
                    <EmailStep
                      key="email"
                      initial={answers.email}
                      signedInAs={session?.userEmail}
                      saving={flow.saving}
                      onBack={back}
                      onContinue={async (email) => {
                        const failure = await flow.submit(email);
                        if (!failure && session?.userId) void navigate(to(PATHS['quote-application']));
                        return failure;
                      }}
                    />
                  )}
                </>
              )}
            </StepHeadingFocus.Provider>
          </div>
          <PricePanel price={quote?.price} miles={step === 'miles' ? (typedMiles ?? answers.milesPerMonth) : answers.milesPerMonth} />
        </div>
      )}
    </section>
  );
}
