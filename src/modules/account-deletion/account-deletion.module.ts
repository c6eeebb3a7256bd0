import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics';
import { AuditModule } from '../audit';
import { SignInCodesModule } from '../auth';
import { DataExportModule } from '../data-export';
import { MailModule } from '../mail';
import { MilesModule } from '../miles';
import { PolicyModule } from '../policy';
import { PrivacyRequestsModule } from '../privacy-requests';
import { ProofLinksModule } from '../proof-links';
import { QuoteModule } from '../quote';
import { RateLimitModule } from '../rate-limit';
import { SessionAdminModule, SessionModule } from '../session';
import { UsersModule } from '../users';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionService } from './account-deletion.service';
import { DeletionLinkRepository } from './deletion-link.repository';
import { DeletionPageController } from './deletion-page.controller';

/**
 * Issue 27: deleting an account (owns account_deletion_links). Each table's owner erases its own
 * part in the deletion's transaction; the privacy request is the privacy-requests module's.
 */
@Module({
  imports: [
    AnalyticsModule,
    AuditModule,
    DataExportModule,
    MailModule,
    MilesModule,
    PolicyModule,
    PrivacyRequestsModule,
    ProofLinksModule,
    QuoteModule,
    RateLimitModule,
    SessionAdminModule,
    SessionModule,
    SignInCodesModule,
    UsersModule,
  ],
  controllers: [AccountDeletionController, DeletionPageController],
  providers: [AccountDeletionService, DeletionLinkRepository],
})
export class AccountDeletionModule {}
