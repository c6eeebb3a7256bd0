import { Module } from '@nestjs/common';
import { ClaimRepository } from './claim.repository';
import { CustomerClaims } from './customer-claims.service';

/**
 * The claims table's repository and the read other modules use (the agent customers screen,
 * agent-customers): apart from ClaimsModule, whose mail, rate limits and policy that screen does not need.
 */
@Module({ providers: [ClaimRepository, CustomerClaims], exports: [ClaimRepository, CustomerClaims] })
export class ClaimsReadModule {}
