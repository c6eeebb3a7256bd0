import { Module, ValidationPipe } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { BodyAfterGuardsInterceptor } from './bootstrap/body-after-guards.interceptor';
import { HttpPipelineModule } from './bootstrap/http-pipeline';
import { ClockModule } from './common/clock/clock.module';
import { GlobalExceptionFilter } from './common/errors/global-exception.filter';
import { invalidInput } from './common/errors/invalid-input';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor';
import { LoggingModule } from './common/logging/logging.module';
import { SecurityHeaderTemplateModule } from './common/security/security-header-template';
import { DTO_VALIDATION } from './common/validation/dto-validation';
import { appConfig } from './config/app-config';
import { SecretsModule } from './config/secrets.module';
import { DatabaseModule } from './database/database.module';
import { AccountModule } from './modules/account';
import { AccountDeletionModule } from './modules/account-deletion';
import { AdminModule } from './modules/admin';
import { AgentModule } from './modules/agent';
import { AgentCustomersModule } from './modules/agent-customers';
import { AnalyticsModule } from './modules/analytics';
import { AuthModule } from './modules/auth';
import { BillingModule } from './modules/billing';
import { BrowserLogsModule } from './modules/browser-logs';
import { ClaimsModule } from './modules/claims';
import { ConsentModule } from './modules/consent';
import { DataExportModule } from './modules/data-export';
import { HealthModule } from './modules/health';
import { JobsModule } from './modules/jobs';
import { MaintenanceModule } from './modules/maintenance';
import { MetricsModule } from './modules/metrics';
import { MilesModule } from './modules/miles';
import { MobileLinksModule } from './modules/mobile-links';
import { OnBehalfModule } from './modules/on-behalf';
import { PaymentHistoryModule } from './modules/payment-history';
import { PaymentsModule } from './modules/payments';
import { PolicyModule } from './modules/policy';
import { ProofLinksModule } from './modules/proof-links';
import { ApplicationModule, QuoteModule } from './modules/quote';
import { SeedModule } from './modules/seed';
import { RequestContextModule, SessionModule } from './modules/session';
import { SsrModule } from './modules/ssr';
import { UsersModule } from './modules/users';

@Module({
  imports: [
    // Every request the application answers gets a request context (nestjs-cls): its session
    // handle, its actor and its audit mark (src/modules/session/request-context.ts).
    RequestContextModule,
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [appConfig] }),
    LoggingModule,
    ClockModule,
    SecretsModule,
    DatabaseModule,
    JobsModule,
    // The stages in front of the routes and the doors in front of the framework (src/bootstrap/http-pipeline.ts).
    HttpPipelineModule,
    SecurityHeaderTemplateModule,
    SessionModule,
    HealthModule,
    UsersModule,
    AuthModule,
    AgentModule,
    AgentCustomersModule,
    // Issue 14: no credential made, and every change audited, while staff act for a customer.
    OnBehalfModule,
    AdminModule,
    SeedModule,
    MaintenanceModule,
    MobileLinksModule,
    PaymentsModule,
    QuoteModule,
    ApplicationModule,
    PolicyModule,
    AccountModule,
    MilesModule,
    BillingModule,
    // Issue 16: the profile's payment history and receipts.
    PaymentHistoryModule,
    // Issue 27: share-proof links and the page each opens (before SsrModule, whose catch-all would take /proof/…).
    ProofLinksModule,
    DataExportModule,
    AccountDeletionModule,

    ClaimsModule,
    // Issue 5: cookie consent and the supporting services' first-party defaults.
    ConsentModule,
    AnalyticsModule,
    BrowserLogsModule,
    // Issue 16: GET /metrics for operators (a stage of the HTTP pipeline, in front of the routes).
    MetricsModule,
    // Last: its catch-all page route must not shadow an API route.
    SsrModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: GlobalExceptionFilter },
    // A body over a form's size is read only once the route's guards let the caller in (issue 30).
    { provide: APP_INTERCEPTOR, useClass: BodyAfterGuardsInterceptor },
    // Every answer's `{success:true, payload}` built here, not in each controller.
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    // Every DTO validated; unknown fields refused rather than silently dropped.
    { provide: APP_PIPE, useValue: new ValidationPipe({ ...DTO_VALIDATION, transform: true, exceptionFactory: invalidInput }) },
  ],
})
export class AppModule {}
