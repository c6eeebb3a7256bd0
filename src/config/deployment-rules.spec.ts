import { parseServerConfig } from './deployment-rules';
import { ConfigError, parseAppConfig } from './parse-app-config';

const EXTERNAL = { DATABASE_URL: 'postgres://u:p@db:5432/meterly', SESSION_SECRETS: 'x'.repeat(40) };
const SMTP = { SMTP_URL: 'smtp://mail.example:587' };

describe('The local-mode conveniences in a deployed configuration', () => {
  it.each(['PRODUCTION', 'STAGING'])('refuses %s on DATABASE_URL without SMTP_URL, naming SMTP_URL', (appEnv) => {
    expect(() => parseServerConfig({ ...EXTERNAL, APP_ENV: appEnv })).toThrow(ConfigError);
    expect(() => parseServerConfig({ ...EXTERNAL, APP_ENV: appEnv })).toThrow(/^SMTP_URL must be set when DATABASE_URL is set in /);
  });

  it('keeps the local mailbox on the embedded database, PRODUCTION by default', () => {
    expect(parseServerConfig({}).smtpUrl).toBeUndefined();
    expect(parseServerConfig({ APP_ENV: 'STAGING' }).smtpUrl).toBeUndefined();
  });

  it('keeps the local mailbox for DEVELOPMENT and TEST on any database', () => {
    expect(parseServerConfig({ ...EXTERNAL, APP_ENV: 'DEVELOPMENT' }).smtpUrl).toBeUndefined();
    expect(parseServerConfig({ ...EXTERNAL, APP_ENV: 'TEST' }).smtpUrl).toBeUndefined();
  });

  it.each(['PRODUCTION', 'STAGING'])('refuses the Vite dev server in %s on DATABASE_URL', (appEnv) => {
    expect(() => parseServerConfig({ ...EXTERNAL, ...SMTP, APP_ENV: appEnv, VITE_DEV_SERVER: 'true' })).toThrow(/^VITE_DEV_SERVER must not be true/);
  });

  it('refuses the demo accounts in PRODUCTION on DATABASE_URL, allows them on staging and the embedded database', () => {
    expect(() => parseServerConfig({ ...EXTERNAL, ...SMTP, APP_ENV: 'PRODUCTION', SEED_DEMO: 'true' })).toThrow(/^SEED_DEMO must not be true in PRODUCTION/);
    expect(parseServerConfig({ ...EXTERNAL, ...SMTP, APP_ENV: 'STAGING', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseServerConfig({ APP_ENV: 'PRODUCTION' }).seedDemo).toBe(true);
  });

  it('lets the command-line tools read a deployed configuration without SMTP_URL: they serve no mailbox', () => {
    expect(parseAppConfig({ ...EXTERNAL, APP_ENV: 'PRODUCTION' }).databaseUrl).toBe(EXTERNAL.DATABASE_URL);
  });
});
