import { I18nextProvider } from 'react-i18next';
import { PreloadedAnswersProvider } from '../lib/api/use-api-query';
import { ConsentProvider } from '../lib/consent/consent-context';
import { FlagsProvider } from '../lib/flags/flags-context';
import { SessionProvider } from '../lib/session/session-context';
import { ConfigContext } from './config-context';
import { PageRegistryContext, type PageRegistry } from './page-registry';
import type { AppState } from '../../shared/app-state';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';

/** The providers every page renders inside, the same on the server and in the browser. */
export function AppProviders(props: { i18n: i18n; state: AppState; pages: PageRegistry; children: ReactNode }) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <ConfigContext.Provider value={props.state.config}>
        <PageRegistryContext.Provider value={props.pages}>
          <FlagsProvider initial={props.state.flags}>
            <SessionProvider initial={props.state.session} locale={props.state.locale}>
              <ConsentProvider>
                <PreloadedAnswersProvider answers={props.state.preloaded}>{props.children}</PreloadedAnswersProvider>
              </ConsentProvider>
            </SessionProvider>
          </FlagsProvider>
        </PageRegistryContext.Provider>
      </ConfigContext.Provider>
    </I18nextProvider>
  );
}
