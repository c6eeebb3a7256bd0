import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { BillingModule } from '../billing';
import { PaymentsModule } from '../payments';
import { PolicyModule } from '../policy';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { PaymentHistoryPageData } from './payment-history-page-data';
import { PaymentHistoryController } from './payment-history.controller';
import { PaymentHistoryService } from './payment-history.service';
import { ReceiptDocuments } from './receipt-documents';

/** The payment history on the profile and its receipts: reads payments, billing and policy through their services; owns no table. */
@Module({
  imports: [AuditModule, BillingModule, PageDataModule, PaymentsModule, PolicyModule, UsersModule],
  controllers: [PaymentHistoryController],
  providers: [PaymentHistoryService, ReceiptDocuments, PaymentHistoryPageData],
})
export class PaymentHistoryModule {}
