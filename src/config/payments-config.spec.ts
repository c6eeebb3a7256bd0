import { ConfigError, parseAppConfig } from './parse-app-config';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
};

describe('parseAppConfig: payments', () => {
  it('charges through the sandbox when no Stripe key is set', () => {
    expect(parseAppConfig({}).payments).toEqual({ provider: 'sandbox', chosen: false });
    expect(parseAppConfig({ PAYMENTS_SANDBOX: 'true' }).payments).toEqual({ provider: 'sandbox', chosen: true });
  });

  it('charges through Stripe when all three keys are set', () => {
    expect(parseAppConfig(STRIPE).payments).toEqual({
      provider: 'stripe',
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      publishableKey: STRIPE.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      apiUrl: undefined,
    });
  });

  it('keeps the origin of another Stripe API (stripe-mock)', () => {
    expect(parseAppConfig({ ...STRIPE, STRIPE_API_URL: 'http://localhost:12111/' }).payments).toMatchObject({ apiUrl: 'http://localhost:12111' });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY }, /STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are missing/],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: '' }, /STRIPE_WEBHOOK_SECRET is missing/],
    [{ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_51Abcdefghijklmnop' }, /STRIPE_SECRET_KEY must be a Stripe secret/],
    [{ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'sk_test_51Abcdefghijklmnop' }, /STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key/],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' }, /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    [{ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abcdefghijklmnop' }, /both be test keys or both be live keys/],
    [{ STRIPE_API_URL: 'http://localhost:12111' }, /STRIPE_API_URL needs the Stripe keys/],
    [{ ...STRIPE, STRIPE_API_URL: 'ftp://x' }, /STRIPE_API_URL must use http: or https:/],
  ])('refuses %j with one readable message', (env, message) => {
    expect(() => parseAppConfig(env)).toThrow(ConfigError);
    expect(() => parseAppConfig(env)).toThrow(message);
  });

  it('never repeats a key in its message', () => {
    const secret = 'sk_test_has-a-dash-so-it-is-wrong';
    const thrown = catchError(() => parseAppConfig({ ...STRIPE, STRIPE_SECRET_KEY: secret }));
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(thrown?.message).not.toContain(secret);
  });
});

function catchError(run: () => unknown): Error | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
