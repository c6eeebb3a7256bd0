import { sentrySetup } from './sentry-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

describe(sentrySetup.name, () => {
  it.each(OFF_ENVS)('is off in %s', (appEnv) => {
    expect(sentrySetup(publicConfigFor(appEnv))).toBeNull();
  });

  it('is off without a DSN, and when the disabled flag is set', () => {
    expect(sentrySetup(publicConfigFor('PRODUCTION', { sentryDsn: undefined }))).toBeNull();
    expect(sentrySetup(publicConfigFor('PRODUCTION', { sentryDisabled: true }))).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s with the spec §9 sample rates and masking off', (appEnv) => {
    expect(sentrySetup(publicConfigFor(appEnv))).toEqual({
      dsn: 'https://public@o1.ingest.sentry.io/2',
      environment: appEnv,
      release: 'meterly-web@2.0.0+417',
      tracesSampleRate: 0.7,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      replay: { maskAllText: false, maskAllInputs: false, block: ['input[autocomplete^="cc-"]', '[data-private]'] },
    });
  });

  it('reports under PRODUCTION when no environment is given', () => {
    expect(sentrySetup(publicConfigFor(''))?.environment).toBe('PRODUCTION');
  });
});
