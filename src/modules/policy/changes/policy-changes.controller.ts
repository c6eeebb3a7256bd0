import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { uuidOrNotFound } from '../../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../../auth';
import { AuditOnBehalf } from '../../on-behalf';
import { auditedPolicyNumber } from '../policy-audit';
import { PolicyIdPipe } from '../policy-id.pipe';
import { PolicyChangeDto } from './policy-change.dto';
import { PolicyChangeErrorCode, PolicyChangeException } from './policy-change.exception';
import { PolicyChangesService, type PolicyChanges } from './policy-changes.service';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { SignedInActor } from '../../session';

const ChangeIdPipe = uuidOrNotFound(() => new PolicyChangeException(PolicyChangeErrorCode.NotFound));

/** Changes to an active policy (endorsements): see docs/policies-api.md. */
@ApiTags('policies')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id/changes')
export class PolicyChangesController {
  constructor(private readonly changes: PolicyChangesService) {}

  @Get()
  @ApiOkResponse({ description: 'The days a change may take effect, and the changes applied or waiting for the customer, newest first.' })
  async list(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<PolicyChanges> {
    return this.changes.list(actor, id);
  }

  @Post()
  @AuditOnBehalf<PolicyChangeView>('policy.change.price', async (context) => `${await auditedPolicyNumber(context)}: ${context.answer.kind}`)
  @ApiCreatedResponse({
    description: 'The change priced: the rates before and after, and the base rate difference for the rest of the period, prorated to the day.',
  })
  @ApiUnprocessableEntityResponse({ description: 'CHANGE_STATE_NOT_SOLD (extra.state): the new address is in a state we do not sell in.' })
  @ApiConflictResponse({ description: 'POLICY_NOT_ACTIVE, CHANGE_LIMIT_REACHED, CHANGE_VEHICLE_ONLY, COVERAGE_BELOW_STATE_RULES.' })
  @ApiForbiddenResponse({
    description: 'AGENT_NOT_LICENSED_IN_STATE (extra.state, extra.agent): staff need the acting agent and the agent of record licensed in the state.',
  })
  @ApiTooManyRequestsResponse({
    description: 'TOO_MANY_REQUESTS: staff proposals to this policy are limited per hour and per day (each one e-mails the customer).',
  })
  async price(@Param('id', PolicyIdPipe) id: string, @Body() body: PolicyChangeDto, @SignedIn() actor: SignedInActor): Promise<PolicyChangeView> {
    return this.changes.price(actor, id, body);
  }

  @Get(':changeId')
  async get(
    @Param('id', PolicyIdPipe) id: string,
    @Param('changeId', ChangeIdPipe) changeId: string,
    @SignedIn() actor: SignedInActor,
  ): Promise<PolicyChangeView> {
    return this.changes.get(actor, id, changeId);
  }

  @Post(':changeId/confirm')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The change, applied from its date (asked again: the same answer, applied once).' })
  @ApiForbiddenResponse({ description: 'CHANGE_CONFIRMATION_BY_CUSTOMER: staff acting for the customer price changes; the customer confirms them.' })
  @ApiConflictResponse({ description: 'CHANGE_OUT_OF_DATE: another change landed after this price, or its date has passed.' })
  async confirm(
    @Param('id', PolicyIdPipe) id: string,
    @Param('changeId', ChangeIdPipe) changeId: string,
    @SignedIn() actor: SignedInActor,
  ): Promise<PolicyChangeView> {
    return this.changes.confirm(actor, id, changeId);
  }
}
