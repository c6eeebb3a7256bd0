import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PrivacyRequestRepository } from './privacy-request.repository';
import { PrivacyRequestsService } from './privacy-requests.service';

/** Issue 27: the privacy requests' log and answer clock (owns privacy_requests). The work each asks for is done by the module that holds the data. */
@Module({
  imports: [AuditModule],
  providers: [PrivacyRequestRepository, PrivacyRequestsService],
  exports: [PrivacyRequestsService],
})
export class PrivacyRequestsModule {}
