import path from 'node:path';
import { ConfigError, parseAppConfig } from './parse-app-config';

describe(parseAppConfig.name, () => {
  it('gives the documented defaults for an empty environment', () => {
    const sut = parseAppConfig({});
    expect(sut).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve('.data'),
      appEnv: 'PRODUCTION',
      publicUrl: 'http://localhost:3000',
    });
  });

  it('waits on the database 2 s for a connection, 3 s for a statement and 4 s for an answer unless told, and refuses a query deadline inside the statement one', () => {
    expect(parseAppConfig({}).databaseDeadlines).toEqual({ connectMs: 2000, statementMs: 3000, queryMs: 4000 });
    const slowLink = { DATABASE_CONNECT_TIMEOUT_MS: '5000', DATABASE_STATEMENT_TIMEOUT_MS: '8000', DATABASE_QUERY_TIMEOUT_MS: '9000' };
    expect(parseAppConfig(slowLink).databaseDeadlines).toEqual({ connectMs: 5000, statementMs: 8000, queryMs: 9000 });
    expect(() => parseAppConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5000' })).toThrow(ConfigError);
    expect(() => parseAppConfig({ DATABASE_CONNECT_TIMEOUT_MS: '2s' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS must be a whole number/);
  });

  it('accepts a lowercase APP_ENV and an external database', () => {
    const sut = parseAppConfig({ APP_ENV: 'staging', DATABASE_URL: 'postgres://u:p@db:5432/meterly', SMTP_URL: 'smtp://mail.example:587' });
    expect(sut.appEnv).toBe('STAGING');
    expect(sut.databaseUrl).toBe('postgres://u:p@db:5432/meterly');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ APP_ENV: 'prod' }, /APP_ENV must be one of DEVELOPMENT, TEST, STAGING, PRODUCTION/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must use postgres: or postgresql:/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be an absolute URL/],
    [{ SELLING_STATES: 'AZ,XX' }, /SELLING_STATES must be a comma-separated list of US state codes \(AZ,TX,…\), got "XX"/],
  ])('refuses %j with one readable message', (env, message) => {
    expect(() => parseAppConfig(env)).toThrow(ConfigError);
    expect(() => parseAppConfig(env)).toThrow(message);
  });

  it('sells in the launch states by default, or in the states configured', () => {
    expect(parseAppConfig({}).sellingStates).toEqual(['AZ', 'IL', 'OR', 'PA', 'TX']);
    expect(parseAppConfig({ SELLING_STATES: 'az, tx' }).sellingStates).toEqual(['AZ', 'TX']);
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(parseAppConfig({ PUBLIC_URL: 'https://www.meterly.example/some/path' }).publicUrl).toBe('https://www.meterly.example');
  });

  it('lets loopback read /metrics by default, or the networks configured, and refuses a list it cannot read', () => {
    expect(parseAppConfig({}).metricsAllowFrom).toEqual(['127.0.0.0/8', '::1/128']);
    expect(parseAppConfig({ METRICS_ALLOW_FROM: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).metricsAllowFrom).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8']);
    expect(() => parseAppConfig({ METRICS_ALLOW_FROM: '10.0.0.0/8,prometheus.internal' })).toThrow(
      'METRICS_ALLOW_FROM must be a comma-separated list of addresses or CIDRs (10.0.0.0/8,::1), got "prometheus.internal"',
    );
  });
});

describe('parseAppConfig services', () => {
  it('configures no vendor by default, with the first-party analytics key', () => {
    expect(parseAppConfig({}).services).toEqual({
      analytics: { writeKey: 'meterly-web', upstreamUrl: undefined },
      launchDarkly: { clientSideId: undefined },
      sentry: { dsn: undefined, disabled: false },
      datadog: { clientToken: undefined, site: 'datadoghq.com' },
      chat: { widgetUrl: undefined },
      gtag: { id: undefined },
    });
  });

  it('accepts an http analytics upstream on loopback only', () => {
    expect(parseAppConfig({ ANALYTICS_UPSTREAM_URL: 'http://127.0.0.1:4000/v1/' }).services.analytics.upstreamUrl).toBe('http://127.0.0.1:4000/v1');
    expect(() => parseAppConfig({ ANALYTICS_UPSTREAM_URL: 'http://analytics.example/v1' })).toThrow(/ANALYTICS_UPSTREAM_URL must use https:/);
  });

  it.each([
    [{ SENTRY_DSN: 'https://o1.ingest.sentry.io/2' }, /SENTRY_DSN must carry its public key/],
    [{ SENTRY_DISABLED: 'yes' }, /SENTRY_DISABLED must be true or false/],
    [{ DATADOG_CLIENT_TOKEN: 'abc' }, /DATADOG_CLIENT_TOKEN must be a client token/],
    [{ DATADOG_SITE: 'datadog.example' }, /DATADOG_SITE must be one of/],
    [{ LAUNCHDARKLY_CLIENT_SIDE_ID: 'nope' }, /LAUNCHDARKLY_CLIENT_SIDE_ID must be a client-side ID/],
    [{ GTAG_ID: 'UA-1' }, /GTAG_ID must be a Google tag ID/],
    [{ CHAT_WIDGET_URL: 'http://chat.example/w.js' }, /CHAT_WIDGET_URL must use https:/],
  ])('refuses %j with one readable message', (env, message) => {
    expect(() => parseAppConfig(env)).toThrow(ConfigError);
    expect(() => parseAppConfig(env)).toThrow(message);
  });
});
