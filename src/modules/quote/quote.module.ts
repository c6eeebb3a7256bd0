import { Module } from '@nestjs/common';
import { AgentModule } from '../agent';
import { AuditModule } from '../audit';
import { AuthModule } from '../auth';
import { SessionModule } from '../session';
import { PageDataModule } from '../ssr';
import { CoverageRejectionRecords } from './coverage-rejection-records.service';
import { EstimateDoor } from './estimate-door';
import { EstimateController } from './estimate.controller';
import { EstimateService } from './estimate.service';
import { QuoteErasure } from './quote-erasure';
import { QuoteLifecycle } from './quote-lifecycle.service';
import { QuotePricingService } from './quote-pricing.service';
import { QuoteController } from './quote.controller';
import { QuoteRepository } from './quote.repository';
import { QuoteService } from './quote.service';
import { RateTableRepository } from './rate-table.repository';
import { RateTablesService } from './rate-tables.service';
import { RepriceDoor } from './reprice-door';
import { SavedQuotePageData } from './saved-quote-page-data';
import { VehiclesController } from './vehicles.controller';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

@Module({
  imports: [AgentModule, AuditModule, AuthModule, PageDataModule, SessionModule],
  // EstimateController first: its fixed paths (estimate, waitlist) before QuoteController's :id.
  controllers: [EstimateController, QuoteController, VehiclesController],
  providers: [
    QuoteErasure,
    QuoteService,
    QuoteRepository,
    QuoteLifecycle,
    QuotePricingService,
    RateTablesService,
    RateTableRepository,
    EstimateService,
    EstimateDoor,
    RepriceDoor,
    WaitlistService,
    WaitlistRepository,
    CoverageRejectionRecords,
    SavedQuotePageData,
  ],
  // Other modules read and change quotes through QuoteLifecycle's intents: QuoteRepository is the table's one writer.
  exports: [QuoteService, QuotePricingService, QuoteLifecycle, CoverageRejectionRecords, QuoteErasure],
})
export class QuoteModule {}
