import { Module } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { appConfig, type AppConfig } from '../../config/app-config';
import { APP_SECRETS } from '../../config/secrets.provider';
import { AuditModule } from '../audit';
import { RateLimitModule } from '../rate-limit';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { CardAttemptLimits } from './card-attempt-limits.service';
import { ChargeRepository } from './charge.repository';
import { PaymentGateway } from './payment-gateway';
import { PaymentMethodPageData } from './payment-method-page-data';
import { PaymentMethodRepository } from './payment-method.repository';
import { PaymentMethodsHttpService } from './payment-methods-http.service';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentsService } from './payments.service';
import { SandboxGateway } from './sandbox/sandbox-gateway';
import { SandboxTokensController } from './sandbox/sandbox-tokens.controller';
import { SandboxTokensService } from './sandbox/sandbox-tokens.service';
import { SandboxRepository } from './sandbox/sandbox.repository';
import { StripeGateway, stripeClient } from './stripe/stripe-gateway';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StripeWebhookService } from './stripe/stripe-webhook.service';
import { UnsettledChargeSweeper } from './unsettled-charge-sweeper.service';
import { WebhookEventRepository } from './webhook-event.repository';

/**
 * Stripe when its keys are configured, the built-in sandbox otherwise. The sandbox approves any
 * valid card, so a PRODUCTION site on its own database refuses to start with it unless
 * PAYMENTS_SANDBOX=true says it is meant (a demo): real customers must not buy against test cards.
 */
export function paymentGateway(config: AppConfig, sandbox: SandboxRepository, clock: Clock, secrets: string[] = []): PaymentGateway {
  const settings = config.payments;
  if (settings.provider === 'stripe') return new StripeGateway(stripeClient(settings), settings.webhookSecret);
  if (config.appEnv === 'PRODUCTION' && config.databaseUrl && !settings.chosen) {
    throw new Error(
      'Set the Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) in PRODUCTION with DATABASE_URL, or PAYMENTS_SANDBOX=true to take test cards only.',
    );
  }
  return new SandboxGateway(sandbox, clock, secrets[0]);
}

/**
 * The payment layer the purchase and billing stand on: PaymentsService (charges),
 * PaymentMethodsService (saved cards), and the gateway behind them; charge-outcome.ts says what
 * each charge's outcome means for the caller.
 */
@Module({
  imports: [UsersModule, AuditModule, PageDataModule, RateLimitModule],
  controllers: [SandboxTokensController, PaymentMethodsController, StripeWebhookController],
  providers: [
    { provide: PaymentGateway, inject: [appConfig.KEY, SandboxRepository, Clock, APP_SECRETS], useFactory: paymentGateway },
    CardAttemptLimits,
    SandboxRepository,
    ChargeRepository,
    PaymentMethodRepository,
    WebhookEventRepository,
    PaymentsService,
    PaymentMethodsService,
    PaymentMethodsHttpService,
    PaymentMethodPageData,
    SandboxTokensService,
    StripeWebhookService,
    UnsettledChargeSweeper,
  ],
  exports: [PaymentsService, PaymentMethodsService, PaymentGateway, CardAttemptLimits],
})
export class PaymentsModule {}
