import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MilesModule } from '../miles/miles.module';
import { PaymentsModule } from '../payments/payments.module';
import { PolicyModule } from '../policy/policy.module';
import { UsersModule } from '../users/users.module';
import { BillingService } from './billing.service';
import { PolicyBillingController } from './policy-billing.controller';
import { StatementRepository } from './statement.repository';

/** Monthly statements: made once per policy and period, charged, retried, e-mailed. */
@Module({
  imports: [MailModule, MilesModule, PaymentsModule, PolicyModule, UsersModule],
  controllers: [PolicyBillingController],
  providers: [BillingService, StatementRepository],
  exports: [BillingService],
})
export class BillingModule {}
