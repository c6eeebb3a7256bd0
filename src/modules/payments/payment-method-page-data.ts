import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { PaymentMethodsHttpService } from './payment-methods-http.service';

/** My account's card, read on the server with the page (issue 29), as GET /api/payments/method answers. */
@Injectable()
export class PaymentMethodPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly methods: PaymentMethodsHttpService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['payment-method'], await this.methods.current(actor)]]);
  }
}
