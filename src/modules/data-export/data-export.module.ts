import { Module } from '@nestjs/common';
import { SignInCodesModule } from '../auth';
import { BillingModule } from '../billing';
import { ClaimsModule } from '../claims';
import { ConsentModule } from '../consent';
import { JobsModule } from '../jobs';
import { MailModule } from '../mail';
import { MilesModule } from '../miles';
import { PaymentsModule } from '../payments';
import { PolicyModule } from '../policy';
import { PrivacyRequestsModule } from '../privacy-requests';
import { ProofLinksModule } from '../proof-links';
import { QuoteModule } from '../quote';
import { SessionAdminModule } from '../session';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { DataExportArchive } from './data-export-archive';
import { DataExportErasure } from './data-export-erasure';
import { DataExportPageData } from './data-export-page-data';
import { DataExportCollector } from './data-export.collector';
import { DataExportController } from './data-export.controller';
import { DataExportRepository } from './data-export.repository';
import { DataExportService } from './data-export.service';

/** Issue 27, "download my data" (owns data_exports): it reads every other module's data through their services, so it is the top layer. */
@Module({
  imports: [
    BillingModule,
    ClaimsModule,
    ConsentModule,
    JobsModule,
    MailModule,
    MilesModule,
    PageDataModule,
    PaymentsModule,
    PolicyModule,
    PrivacyRequestsModule,
    ProofLinksModule,
    QuoteModule,
    SessionAdminModule,
    SignInCodesModule,
    UsersModule,
  ],
  controllers: [DataExportController],
  providers: [DataExportArchive, DataExportService, DataExportRepository, DataExportCollector, DataExportPageData, DataExportErasure],
  exports: [DataExportErasure],
})
export class DataExportModule {}
