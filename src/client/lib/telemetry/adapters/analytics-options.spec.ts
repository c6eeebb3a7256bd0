import { analyticsSetup } from './analytics-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

const here = { host: 'www.meterly.example', protocol: 'https:' };

describe(analyticsSetup.name, () => {
  it.each(OFF_ENVS)('is off in %s', (appEnv) => {
    expect(analyticsSetup(publicConfigFor(appEnv), here)).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s with the spec §9 figures, sending batches to /api/a on our own host', (appEnv) => {
    const sut = analyticsSetup(publicConfigFor(appEnv), here)!;
    expect(sut.settings).toEqual({
      writeKey: 'meterly-web',
      cdnSettings: { integrations: { 'Segment.io': { apiKey: 'meterly-web' } }, metrics: { sampleRate: 0 } },
    });
    expect(sut.options.integrations['Segment.io']).toEqual({
      apiHost: 'www.meterly.example/api/a',
      protocol: 'https',
      deliveryStrategy: { strategy: 'batching', config: { size: 10, timeout: 5000, maxRetries: 4, headers: { 'Content-Type': 'application/json' } } },
    });
    expect(sut.options.retryQueue).toBe(true);
    expect(sut.options.initialPageview).toBe(false);
    expect(sut.eventTimeoutMs).toBe(300);
  });

  it('needs no vendor key: without an upstream the events are stored by our server', () => {
    expect(
      analyticsSetup(publicConfigFor('PRODUCTION', { analyticsWriteKey: 'meterly-web' }), { host: 'localhost:3000', protocol: 'http:' })?.options.integrations[
        'Segment.io'
      ].protocol,
    ).toBe('http');
  });
});
