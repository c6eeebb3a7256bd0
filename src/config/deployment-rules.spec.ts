import { deploymentRuleBroken, parseServerConfig } from './deployment-rules';
import { ConfigError, parseAppConfig } from './parse-app-config';

const EXTERNAL = { DATABASE_URL: 'postgres://u:p@db:5432/meterly', SESSION_SECRETS: 'x'.repeat(40) };
const SMTP = { SMTP_URL: 'smtp://mail.example:587' };
const PUBLIC = { PUBLIC_URL: 'https://www.meterly.example' };
/** What a deployment that means it sets: its mail server and its choice of payments. */
const DEPLOYED = { ...SMTP, PAYMENTS_SANDBOX: 'true' };

describe('The local-mode conveniences in a deployed configuration', () => {
  it.each(['PRODUCTION', 'STAGING'])('refuses %s on DATABASE_URL without SMTP_URL, naming SMTP_URL', (appEnv) => {
    expect(() => parseServerConfig({ ...EXTERNAL, APP_ENV: appEnv })).toThrow(ConfigError);
    expect(() => parseServerConfig({ ...EXTERNAL, APP_ENV: appEnv })).toThrow(/^SMTP_URL must be set in (PRODUCTION|STAGING) when DATABASE_URL is set: /);
  });

  it('keeps the local mailbox and the demo accounts for the README start: embedded database, loopback PUBLIC_URL and listener', () => {
    for (const env of [{}, { APP_ENV: 'STAGING' }, { PUBLIC_URL: 'http://127.0.0.1:3000' }, { PUBLIC_URL: 'http://[::1]:3000', HOST: '::1' }]) {
      expect(parseServerConfig(env)).toMatchObject({ smtpUrl: undefined, deployedBecause: undefined, seedDemo: true });
    }
    expect(parseServerConfig({}).host).toBe('127.0.0.1');
  });

  it('keeps the local mailbox for DEVELOPMENT and TEST on any database, any address', () => {
    for (const appEnv of ['DEVELOPMENT', 'TEST']) {
      expect(parseServerConfig({ ...EXTERNAL, APP_ENV: appEnv }).smtpUrl).toBeUndefined();
      expect(parseServerConfig({ ...PUBLIC, HOST: '0.0.0.0', APP_ENV: appEnv }).deployedBecause).toBeUndefined();
    }
  });

  // Issue 30, item 1: `npm start` with a public address served /dev/mailbox and seeded the demo admin.
  it.each([
    [{ ...PUBLIC }, 'PUBLIC_URL (https://www.meterly.example) is not a loopback address'],
    [{ PUBLIC_URL: 'http://localhost.meterly.example:3000' }, 'PUBLIC_URL (http://localhost.meterly.example:3000) is not a loopback address'],
    [{ HOST: '0.0.0.0' }, 'HOST (0.0.0.0) is not a loopback address'],
    [{ HOST: '::' }, 'HOST (::) is not a loopback address'],
    [{ HOST: '10.0.0.5' }, 'HOST (10.0.0.5) is not a loopback address'],
  ])('refuses the embedded database without SMTP_URL when the site can be reached from elsewhere: %j', (env, why) => {
    for (const appEnv of [undefined, 'STAGING']) {
      const start = () => parseServerConfig({ ...env, ...(appEnv ? { APP_ENV: appEnv } : {}) });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(
        `SMTP_URL must be set in ${appEnv ?? 'PRODUCTION'} when ${why}: without it sign-in mail goes to the local mailbox (/dev/mailbox), which anyone can read`,
      );
    }
  });

  it('runs the embedded database deployed once SMTP_URL is set, without the demo accounts', () => {
    const sut = parseServerConfig({ ...PUBLIC, ...DEPLOYED });
    expect(sut.deployedBecause).toBe('PUBLIC_URL (https://www.meterly.example) is not a loopback address');
    expect(sut.seedDemo).toBe(false);
    expect(parseServerConfig({ HOST: '0.0.0.0', ...DEPLOYED }).seedDemo).toBe(false);
  });

  it.each(['PRODUCTION', 'STAGING'])('refuses the Vite dev server in %s on DATABASE_URL or a public address', (appEnv) => {
    for (const where of [EXTERNAL, PUBLIC]) {
      expect(() => parseServerConfig({ ...where, ...DEPLOYED, APP_ENV: appEnv, VITE_DEV_SERVER: 'true' })).toThrow(/^VITE_DEV_SERVER must not be true/);
    }
  });

  it('refuses the demo accounts in a deployed PRODUCTION, allows them on staging and the local start', () => {
    expect(() => parseServerConfig({ ...EXTERNAL, ...DEPLOYED, APP_ENV: 'PRODUCTION', SEED_DEMO: 'true' })).toThrow(
      /^SEED_DEMO must not be true in PRODUCTION when DATABASE_URL is set/,
    );
    expect(() => parseServerConfig({ ...PUBLIC, ...DEPLOYED, SEED_DEMO: 'true' })).toThrow(/^SEED_DEMO must not be true in PRODUCTION when PUBLIC_URL/);
    expect(parseServerConfig({ ...EXTERNAL, ...SMTP, APP_ENV: 'STAGING', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseServerConfig({ APP_ENV: 'PRODUCTION' }).seedDemo).toBe(true);
  });

  it('refuses the card sandbox in a deployed PRODUCTION unless PAYMENTS_SANDBOX=true says it is meant', () => {
    for (const where of [EXTERNAL, PUBLIC]) {
      expect(() => parseServerConfig({ ...where, ...SMTP })).toThrow(
        /^Set the Stripe keys \(STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET\) in PRODUCTION when /,
      );
      expect(parseServerConfig({ ...where, ...SMTP, PAYMENTS_SANDBOX: 'true' }).payments.provider).toBe('sandbox');
    }
    expect(parseServerConfig({ ...PUBLIC, ...SMTP, APP_ENV: 'STAGING' }).payments.provider).toBe('sandbox');
  });

  it('answers nothing for a local configuration', () => {
    expect(deploymentRuleBroken(parseAppConfig({ VITE_DEV_SERVER: 'true', SEED_DEMO: 'true' }), { SEED_DEMO: 'true' })).toBeUndefined();
  });

  it('lets the command-line tools read a deployed configuration without SMTP_URL: they serve no mailbox', () => {
    expect(parseAppConfig({ ...EXTERNAL, APP_ENV: 'PRODUCTION' }).databaseUrl).toBe(EXTERNAL.DATABASE_URL);
    expect(parseAppConfig({ ...PUBLIC }).publicUrl).toBe(PUBLIC.PUBLIC_URL);
  });
});
