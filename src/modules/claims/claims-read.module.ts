import { Module } from '@nestjs/common';
import { ClaimRepository } from './claim.repository';
import { CustomerClaims } from './customer-claims.service';

/**
 * The claims table's repository and the read other modules use (the agent customers screen,
 * agent-customers): apart from ClaimsModule, whose mail, rate limits and policy that screen does not need.
 * It exports the service, never the repository (ClaimsModule holds its own).
 */
@Module({ providers: [ClaimRepository, CustomerClaims], exports: [CustomerClaims] })
export class ClaimsReadModule {}
