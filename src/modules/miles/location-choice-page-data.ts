import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { LocationChoiceService } from './location-choice.service';

/** My account's location panel (issue 27), read on the server with the page (issue 29), as GET /api/account/locations answers. */
@Injectable()
export class LocationChoicePageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly locations: LocationChoiceService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['locations'], await this.locations.view(actor.userId)]]);
  }
}
