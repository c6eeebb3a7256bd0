import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/create-i18n';
import { sharedI18nView } from '../../i18n/shared-i18n-view';
import en from '../../locales/en-US/incidents.json';
import es from '../../locales/es/incidents.json';
import { useIncidentErrors, type IncidentPaths } from './incident-errors';
import { IncidentFields, incidentsDraftOf } from './incident-fields';
import type { Locale } from '../../../shared/locale';
import type { Problems } from '../../../shared/quote/quote-validation';

function Fields({ problems, paths }: { problems: Problems; paths: IncidentPaths }) {
  const errors = useIncidentErrors(problems);
  const draft = { ...incidentsDraftOf([{ type: 'accidents', date: '2030-01-01' }]), any: undefined };
  return (
    <>
      <IncidentFields draft={draft} onChange={() => undefined} error={errors(paths)} />
      <IncidentFields draft={incidentsDraftOf([{ type: 'accidents', date: '2030-01-01' }])} onChange={() => undefined} error={errors(paths)} />
    </>
  );
}

const render = (locale: Locale, texts: Record<string, unknown>, problems: Problems, paths: IncidentPaths) =>
  renderToString(
    <I18nextProvider i18n={sharedI18nView(createI18n(locale, { incidents: texts }))}>
      <Fields problems={problems} paths={paths} />
    </I18nextProvider>,
  ).replaceAll('&#x27;', "'");

describe(useIncidentErrors.name, () => {
  it.each([
    ['the quote', { list: 'incidents', any: 'any' }],
    ["the application's second driver", { list: 'drivers.0.incidents', any: 'drivers.0.any' }],
    ['a driver added to a policy', { list: 'driver.incidents', any: 'driver.incidents.any' }],
  ])("words the shared rules' problems beside the fields of %s, in both languages", (_, paths) => {
    const problems: Problems = { [paths.any]: 'required', [`${paths.list}.0.date`]: 'future', [`${paths.list}.0.type`]: 'invalid', [paths.list]: 'tooMany' };
    const english = render('en-US', en, problems, paths);
    expect(english).toContain('Choose yes or no.');
    expect(english).toContain("The date can't be in the future.");
    expect(english).toContain("This doesn't look right. Please check it.");
    expect(english).toContain('At most 10 incidents. For more, please call us.');
    const spanish = render('es', es, problems, paths);
    expect(spanish).toContain('Elige sí o no.');
    expect(spanish).toContain('La fecha no puede estar en el futuro.');
    expect(spanish).toContain('¿Algún accidente, reclamo o multa en los últimos 3 años?');
  });

  it('says nothing where the rules found nothing', () => {
    const html = render('en-US', en, { 'incidents.0.date': 'future' }, { list: 'drivers.0.incidents', any: 'drivers.0.any' });
    expect(html).not.toContain('field__error');
  });
});
