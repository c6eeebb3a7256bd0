import { validateAndBuildConfiguration, SESSION_TIME_OUT_DELAY } from '@datadog/browser-core';
import { datadogSetup } from './datadog-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

describe(datadogSetup.name, () => {
  it.each(OFF_ENVS)('is off in %s', (appEnv) => {
    expect(datadogSetup(publicConfigFor(appEnv))).toBeNull();
  });

  it('is off without a client token', () => {
    expect(datadogSetup(publicConfigFor('PRODUCTION', { datadog: undefined }))).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s with our service, environment and version', (appEnv) => {
    const sut = datadogSetup(publicConfigFor(appEnv))!;
    expect(sut.init).toEqual({
      clientToken: `pub${'0'.repeat(32)}`,
      site: 'datadoghq.com',
      service: 'meterly-web',
      env: appEnv.toLowerCase(),
      version: '2.0.0',
      sessionSampleRate: 100,
      forwardErrorsToLogs: false,
    });
  });

  it('logs from info level in production, debug elsewhere', () => {
    expect(datadogSetup(publicConfigFor('PRODUCTION'))!.level).toBe('info');
    expect(datadogSetup(publicConfigFor('STAGING'))!.level).toBe('debug');
  });

  it("gets spec §9's batching, flush, rate and session figures from the SDK it runs on", () => {
    // The SDK checks that cookies work before it builds its configuration: a one-jar document.
    const jar = new Map<string, string>();
    const fakeDocument = {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      },
    };
    Object.defineProperty(globalThis, 'document', { value: fakeDocument, configurable: true });
    const sut = validateAndBuildConfiguration(datadogSetup(publicConfigFor('PRODUCTION'))!.init)!;
    Reflect.deleteProperty(globalThis, 'document');
    expect(sut.batchMessagesLimit).toBe(50);
    expect(sut.batchBytesLimit).toBe(16_384);
    expect(sut.flushTimeout).toBe(30_000);
    expect(sut.eventRateLimiterThreshold).toBe(3000);
    expect(SESSION_TIME_OUT_DELAY).toBe(4 * 60 * 60 * 1000);
    // The retry queue and the inactivity expiry are module constants of the same SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require('@datadog/browser-core/cjs/transport/sendWithRetryStrategy').MAX_QUEUE_BYTES_COUNT).toBe(3 * 1024 * 1024);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require('@datadog/browser-core/cjs/domain/session/sessionConstants').SESSION_EXPIRATION_DELAY).toBe(15 * 60 * 1000);
  });
});
