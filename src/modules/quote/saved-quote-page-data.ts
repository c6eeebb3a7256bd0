import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { QuoteService } from './quote.service';

/** My account's quote in progress, read on the server with the page (issue 29), as GET /api/quotes/current answers. */
@Injectable()
export class SavedQuotePageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly quotes: QuoteService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['saved-quote'], await this.quotes.current(actor)]]);
  }
}
