import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { APPLICATION_SECTIONS, nextApplicationSection, type ApplicationSection } from '../../../shared/quote/application-model';
import { PATHS } from '../../../shared/site-map';
import { Spinner } from '../../components/ui/spinner';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { saveApplicationSection } from './api/quote-api';
import { AddressSection } from './components/application/address-section';
import { DriversSection } from './components/application/drivers-section';
import { HistorySection } from './components/application/history-section';
import { IdentificationSection } from './components/application/identification-section';
import { VehiclesSection } from './components/application/vehicles-section';
import { LoadFailed } from './components/load-failed';
import { QuoteSummary } from './components/quote-summary';
import { usePurchasePage } from './use-purchase-page';
import type { Problems } from '../../../shared/quote/quote-validation';

/**
 * /quote/application: the address, the household's other drivers and cars, every car's VIN and
 * every driver's license, the insurance history. The section is in the URL (`?section=`); each is saved when it is left.
 */
export default function QuoteApplicationPage() {
  const { t } = useTranslation('quote-application');
  const { to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { quote, setQuote, state, reload } = usePurchasePage('application');
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  if (state !== 'ready' || !quote) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t('title')}</h1>
        {state === 'failed' ? <LoadFailed onRetry={reload} /> : <Spinner label={t('loading')} />}
      </section>
    );
  }

  const furthest = APPLICATION_SECTIONS.indexOf(nextApplicationSection(quote.application, quote.answers) ?? 'history');
  const asked = params.get('section') as ApplicationSection | null;
  const section = asked && APPLICATION_SECTIONS.includes(asked) && APPLICATION_SECTIONS.indexOf(asked) <= furthest ? asked : APPLICATION_SECTIONS[furthest];
  const index = APPLICATION_SECTIONS.indexOf(section);
  const goTo = (next: ApplicationSection) => void navigate({ search: `?section=${next}` });
  const back = () => (index === 0 ? undefined : goTo(APPLICATION_SECTIONS[index - 1]));

  const save = async (body: object) => {
    setSaving(true);
    setProblems({});
    setFailed(false);
    const result = await saveApplicationSection(quote.id, section, body);
    setSaving(false);
    if (!result.ok) {
      if (result.failure.kind === 'invalid') setProblems(result.failure.problems);
      else setFailed(true);
      return;
    }
    setQuote(result.value);
    if (index < APPLICATION_SECTIONS.length - 1) goTo(APPLICATION_SECTIONS[index + 1]);
    else void navigate(to(PATHS['quote-products']));
  };
  const common = { problems, saving };
  const { answers, application } = quote;

  return (
    <section className="page page--narrow purchase-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <QuoteSummary quote={quote} />
      <p className="quote-progress__label">
        {t('progress', { current: index + 1, total: APPLICATION_SECTIONS.length })} · {t(`sections.${section}`)}
      </p>
      {failed && (
        <p className="notice notice--error" role="alert">
          {t('failed')}
        </p>
      )}
      {section === 'address' && (
        <AddressSection
          key="address"
          initial={application.address}
          state={quote.state!}
          zip={answers.zip!}
          {...common}
          onSave={(address) => void save(address)}
        />
      )}
      {section === 'drivers' && (
        <DriversSection
          key="drivers"
          primary={answers.driver!}
          initial={application.drivers}
          {...common}
          onSave={(drivers) => void save({ drivers })}
          onBack={back}
        />
      )}
      {section === 'vehicles' && (
        <VehiclesSection
          key="vehicles"
          primary={answers.vehicle!}
          initial={application.vehicles}
          {...common}
          onSave={(vehicles) => void save({ vehicles })}
          onBack={back}
        />
      )}
      {section === 'identification' && (
        <IdentificationSection
          key="identification"
          answers={answers}
          application={application}
          state={quote.state!}
          {...common}
          onSave={(input) => void save(input)}
          onEditCars={() => goTo('vehicles')}
          onBack={back}
        />
      )}
      {section === 'history' && (
        <HistorySection
          key="history"
          initial={application.history}
          quoted={answers.priorInsurance}
          {...common}
          onSave={(history) => void save(history)}
          onBack={back}
        />
      )}
    </section>
  );
}
