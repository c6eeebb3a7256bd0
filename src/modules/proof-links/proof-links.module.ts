import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PolicyModule } from '../policy';
import { RateLimitModule } from '../rate-limit';
import { PageDataModule } from '../ssr';
import { ProofLinkErasure } from './proof-link-erasure';
import { ProofLinkRepository } from './proof-link.repository';
import { ProofLinksPageData } from './proof-links-page-data';
import { ProofLinksController } from './proof-links.controller';
import { ProofLinksService } from './proof-links.service';
import { ProofPageController } from './proof-page.controller';

/** Issue 27: share-proof links (owns proof_links) and the page each opens; the card's facts come from policy's ProofOfInsurance. */
@Module({
  imports: [AuditModule, PageDataModule, PolicyModule, RateLimitModule],
  controllers: [ProofLinksController, ProofPageController],
  providers: [ProofLinksService, ProofLinkRepository, ProofLinksPageData, ProofLinkErasure],
  exports: [ProofLinksService, ProofLinkErasure],
})
export class ProofLinksModule {}
