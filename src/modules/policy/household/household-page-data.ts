import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../../ssr';
import { HouseholdService } from './household.service';

/** My account's Household panel, read on the server with the page, as GET /api/household answers it (issue 27). */
@Injectable()
export class HouseholdPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly household: HouseholdService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['household'], await this.household.view(actor)]]);
  }
}
