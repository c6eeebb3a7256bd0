import { SystemClock } from '../../common/clock/clock';
import { parseAppConfig } from '../../config/parse-app-config';
import { paymentGateway } from './payments.module';
import { SandboxGateway } from './sandbox/sandbox-gateway';
import { StripeGateway } from './stripe/stripe-gateway';
import type { SandboxRepository } from './sandbox/sandbox.repository';

describe(paymentGateway.name, () => {
  const books = {} as SandboxRepository;

  it('is the sandbox when no Stripe key is configured', () => {
    const sut = paymentGateway(parseAppConfig({}), books, new SystemClock());
    expect(sut).toBeInstanceOf(SandboxGateway);
    expect(sut.provider).toBe('sandbox');
  });

  it('refuses the sandbox in PRODUCTION on an external database unless PAYMENTS_SANDBOX=true', () => {
    const production = { APP_ENV: 'PRODUCTION', DATABASE_URL: 'postgres://u:p@db:5432/meterly', SMTP_URL: 'smtp://mail.example:587' };
    expect(() => paymentGateway(parseAppConfig(production), books, new SystemClock())).toThrow(/Set the Stripe keys .* or PAYMENTS_SANDBOX=true/);
    expect(paymentGateway(parseAppConfig({ ...production, PAYMENTS_SANDBOX: 'true' }), books, new SystemClock())).toBeInstanceOf(SandboxGateway);
    expect(paymentGateway(parseAppConfig({ ...production, APP_ENV: 'STAGING' }), books, new SystemClock())).toBeInstanceOf(SandboxGateway);
    expect(paymentGateway(parseAppConfig({ APP_ENV: 'PRODUCTION' }), books, new SystemClock())).toBeInstanceOf(SandboxGateway);
  });

  it('is Stripe when the Stripe keys are configured', () => {
    const config = parseAppConfig({
      STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
    });
    const sut = paymentGateway(config, books, new SystemClock());
    expect(sut).toBeInstanceOf(StripeGateway);
    expect(sut.provider).toBe('stripe');
  });
});
