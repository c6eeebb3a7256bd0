import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { SignedIn, StaffGuard } from '../auth';
import { PoliciesService } from './policies.service';
import type { SoldPolicyView } from '../../shared/policy/policy-model';
import type { SignedInActor } from '../session';

/** What staff sold and where each stands (waiting for the customer's signature, active, cancelled). */
@ApiTags('agent')
@UseGuards(StaffGuard)
@NotCustomerRead("the staff member's own list of policies within reach, not this customer's data read for them")
@Controller('api/agent/policies')
export class AgentPoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  @ApiOkResponse({
    description:
      "An agent's sales (an admin: every staff sale), newest first, each with the customer's e-mail and the seller (the agent's name, or the staff member's name or e-mail).",
  })
  @ApiForbiddenResponse({ description: 'Not staff.' })
  async list(@SignedIn() actor: SignedInActor): Promise<SoldPolicyView[]> {
    return this.policies.soldBy(actor);
  }
}
