import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { PolicyModule } from '../policy/policy.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UsersModule } from '../users/users.module';
import { ClaimNotifications } from './claim-notifications.service';
import { ClaimViews } from './claim-views.service';
import { ClaimRepository } from './claim.repository';
import { ClaimsReadModule } from './claims-read.module';
import { ClaimsController } from './claims.controller';
import { ClaimsService } from './claims.service';
import { StaffClaimsController } from './staff-claims.controller';
import { StaffClaimsService } from './staff-claims.service';

/** Claims (first notice of loss): the customer reports and follows, staff move a claim through its states. */
@Module({
  imports: [AuditModule, ClaimsReadModule, MailModule, PolicyModule, RateLimitModule, UsersModule],
  controllers: [ClaimsController, StaffClaimsController],
  providers: [ClaimRepository, ClaimsService, StaffClaimsService, ClaimViews, ClaimNotifications],
})
export class ClaimsModule {}
