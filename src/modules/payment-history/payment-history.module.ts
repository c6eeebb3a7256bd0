import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { BillingModule } from '../billing';
import { PaymentsModule } from '../payments';
import { PolicyModule } from '../policy';
import { UsersModule } from '../users';
import { PaymentHistoryController } from './payment-history.controller';
import { PaymentHistoryService } from './payment-history.service';
import { ReceiptDocuments } from './receipt-documents';

/** The payment history on the profile and its receipts: reads payments, billing and policy through their services; owns no table. */
@Module({
  imports: [AuditModule, BillingModule, PaymentsModule, PolicyModule, UsersModule],
  controllers: [PaymentHistoryController],
  providers: [PaymentHistoryService, ReceiptDocuments],
})
export class PaymentHistoryModule {}
