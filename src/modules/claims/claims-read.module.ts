import { Module } from '@nestjs/common';
import { ClaimRepository } from './claim.repository';
import { CustomerClaims } from './customer-claims.service';

/**
 * The read of claims other modules use (the agent customers screen, CustomerClaims): apart from
 * ClaimsModule so that a module ClaimsModule depends on (agent, through policy) can read claims
 * without a cycle. It exports the service, never the repository (ClaimsModule holds its own).
 */
@Module({ providers: [ClaimRepository, CustomerClaims], exports: [CustomerClaims] })
export class ClaimsReadModule {}
