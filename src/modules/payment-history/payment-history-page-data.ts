import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HISTORY_PAGE_SIZE } from '../../shared/payment/payment-history-model';
import { PageDataRegistry } from '../ssr';
import { PaymentHistoryService } from './payment-history.service';

/** My account's payment history (its first page), read on the server with the page (issue 29), as GET /api/payment-history answers. */
@Injectable()
export class PaymentHistoryPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly history: PaymentHistoryService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['payment-history'], await this.history.page(actor, undefined, HISTORY_PAGE_SIZE)]]);
  }
}
