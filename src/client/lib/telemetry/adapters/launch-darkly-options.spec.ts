import { flagKey, launchDarklySetup } from './launch-darkly-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

describe(launchDarklySetup.name, () => {
  it.each(OFF_ENVS)('is off in %s (the flags table serves)', (appEnv) => {
    expect(launchDarklySetup(publicConfigFor(appEnv))).toBeNull();
  });

  it('is off without a client-side ID', () => {
    expect(launchDarklySetup(publicConfigFor('PRODUCTION', { launchDarklyClientSideId: undefined }))).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s with the client-side ID and the local-storage bootstrap', (appEnv) => {
    expect(launchDarklySetup(publicConfigFor(appEnv))).toEqual({
      clientSideId: '0123456789abcdef01234567',
      options: { bootstrap: 'localStorage', streaming: false, sendEventsOnlyForVariation: true },
    });
  });

  it('maps LaunchDarkly keys to ours', () => {
    expect(flagKey('live-chat')).toBe('live_chat');
  });
});
