import { renderToString } from 'react-dom/server';
// The library's own hook, to compare ours with.
// eslint-disable-next-line no-restricted-imports
import { I18nextProvider, useTranslation as useLibraryTranslation } from 'react-i18next';
import { createI18n } from './create-i18n';
import { sharedI18nView } from './shared-i18n-view';
import { useTranslation } from './use-translation';

const TEXTS = {
  common: { hello: 'Hola, {{name}}', nav: { home: 'Inicio' } },
  login: { title: 'Entra', fromSignIn: '$t(sign-in:note)' },
  'sign-in': { note: 'Te enviamos un enlace' },
};

function Texts({ hook }: { hook: typeof useTranslation }) {
  const common = hook();
  const login = hook(['login', 'sign-in']);
  const again = hook('login');
  return (
    <p>
      {common.t('nav.home')}|{common.t('hello', { name: 'Ana' })}|{login.t('title')}|{login.t('fromSignIn')}|{again.t('title')}|{common.i18n.language}|
      {String(login.ready)}
    </p>
  );
}

describe('useTranslation on the server', () => {
  const instance = sharedI18nView(createI18n('es', TEXTS));
  const render = (hook: typeof useTranslation) =>
    renderToString(
      <I18nextProvider i18n={instance}>
        <Texts hook={hook} />
      </I18nextProvider>,
    );

  it('renders the texts react-i18next renders (so the browser hydrates the same markup)', () => {
    const ours = render(useTranslation);
    expect(ours).toBe(render(useLibraryTranslation));
    expect(ours.replaceAll('<!-- -->', '')).toContain('Inicio|Hola, Ana|Entra|Te enviamos un enlace|Entra|es|true');
  });

  it('hands out one kept answer per namespace, request after request', () => {
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useTranslation('login'));
      return null;
    }
    renderToString(
      <I18nextProvider i18n={instance}>
        <Probe />
        <Probe />
      </I18nextProvider>,
    );
    expect(seen[0]).toBe(seen[1]);
    const [t, i18n, ready] = seen[0] as [(key: string) => string, unknown, boolean];
    expect([t('title'), i18n, ready]).toEqual(['Entra', instance, true]);
  });
});
