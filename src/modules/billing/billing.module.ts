import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { MilesModule } from '../miles';
import { PaymentsModule } from '../payments';
import { PolicyModule } from '../policy';
import { PageDataModule } from '../ssr';
import { BillingNotifications } from './billing-notifications.service';
import { BillingPageData } from './billing-page-data';
import { BillingSettingsRepository } from './billing-settings.repository';
import { BillingService } from './billing.service';
import { NonPaymentService } from './non-payment.service';
import { PolicyBillingController } from './policy-billing.controller';
import { ReinstatementService } from './reinstatement.service';
import { StatementRepository } from './statement.repository';

/** Monthly statements: made once per policy and period, charged, retried, e-mailed; missed payments' notice, cancellation and reinstatement. */
@Module({
  imports: [AuditModule, MilesModule, PageDataModule, PaymentsModule, PolicyModule],
  controllers: [PolicyBillingController],
  providers: [BillingService, BillingNotifications, BillingSettingsRepository, StatementRepository, NonPaymentService, ReinstatementService, BillingPageData],
  exports: [BillingService, NonPaymentService],
})
export class BillingModule {}
