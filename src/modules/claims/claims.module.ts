import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { PolicyModule } from '../policy';
import { RateLimitModule } from '../rate-limit';
import { PageDataModule } from '../ssr';
import { UsersModule } from '../users';
import { ClaimMessages } from './claim-messages.service';
import { ClaimNotifications } from './claim-notifications.service';
import { ClaimViews } from './claim-views.service';
import { ClaimRepository } from './claim.repository';
import { ClaimsPageData } from './claims-page-data';
import { ClaimsReadModule } from './claims-read.module';
import { ClaimsController } from './claims.controller';
import { ClaimsService } from './claims.service';
import { StaffClaimsController } from './staff-claims.controller';
import { StaffClaimsService } from './staff-claims.service';

/** Claims (first notice of loss): the customer reports and follows, staff move a claim through its states. */
@Module({
  imports: [AuditModule, ClaimsReadModule, MailModule, PageDataModule, PolicyModule, RateLimitModule, UsersModule],
  controllers: [ClaimsController, StaffClaimsController],
  providers: [ClaimRepository, ClaimsService, StaffClaimsService, ClaimViews, ClaimNotifications, ClaimMessages, ClaimsPageData],
  exports: [ClaimsService],
})
export class ClaimsModule {}
