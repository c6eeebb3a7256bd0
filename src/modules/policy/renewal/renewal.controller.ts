import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SignedIn, SignedInGuard } from '../../auth';
import { PolicyIdPipe } from '../policy-id.pipe';
import { RenewalService } from './renewal.service';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { SignedInActor } from '../../session';

/** A policy's renewal (issue 26): the customer may decline it until the term ends. */
@ApiTags('policies')
@UseGuards(SignedInGuard)
@Controller('api/policies')
export class RenewalController {
  constructor(private readonly renewals: RenewalService) {}

  @Post(':id/renewal/decline')
  @HttpCode(200)
  @ApiOkResponse({ description: "The policy, not renewing: it ends at its term's end (asked again, the same answer)." })
  @ApiConflictResponse({ description: 'POLICY_NOT_ACTIVE: cancelled, expired or not yet confirmed.' })
  decline(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<PolicyView> {
    return this.renewals.decline(actor, id);
  }
}
