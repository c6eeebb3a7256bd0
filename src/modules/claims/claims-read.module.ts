import { Module } from '@nestjs/common';
import { ClaimRepository } from './claim.repository';
import { CustomerClaims } from './customer-claims.service';

/**
 * The claims table's repository and the read other modules use (the agent customers screen):
 * apart from ClaimsModule so that a module ClaimsModule depends on (agent, through policy) can read claims without a cycle.
 */
@Module({ providers: [ClaimRepository, CustomerClaims], exports: [ClaimRepository, CustomerClaims] })
export class ClaimsReadModule {}
