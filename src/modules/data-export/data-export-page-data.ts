import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry } from '../ssr';
import { DataExportService } from './data-export.service';

/** My account's "Your data" section, read with the page (issue 29: the page complete in one answer), as GET /api/account/data-export answers. */
@Injectable()
export class DataExportPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly exports: DataExportService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async ({ actor }) => [[['data-export'], await this.exports.state(actor.userId)]]);
  }
}
