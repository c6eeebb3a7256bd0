import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { ClaimsService } from './claims.service';

/** My account's claims, read on the server with the page (issue 29), as GET /api/claims answers. */
@Injectable()
export class ClaimsPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly claims: ClaimsService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['claims'], await this.claims.list(actor.userId)]]);
  }
}
