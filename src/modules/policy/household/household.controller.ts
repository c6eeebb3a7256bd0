import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { uuidOrNotFound } from '../../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../../auth';
import { AuditOnBehalf } from '../../on-behalf';
import { PolicyIdPipe } from '../policy-id.pipe';
import { AcceptHouseholdDto, ChangeHouseholdRoleDto, InviteHouseholdDto } from './household.dto';
import { HouseholdErrorCode, HouseholdException } from './household.exception';
import { HouseholdService } from './household.service';
import type { HouseholdMemberView, HouseholdView, SharedPolicyView } from '../../../shared/policy/household-model';
import type { SignedInActor } from '../../session';

/** An invitation or membership id that cannot exist is not found, like another's. */
const MemberIdPipe = uuidOrNotFound(() => new HouseholdException(HouseholdErrorCode.MemberNotFound));
const InvitationIdPipe = uuidOrNotFound(() => new HouseholdException(HouseholdErrorCode.InvitationNotFound));

/**
 * Issue 27, a household: the first named insured invites second named insureds, changes their
 * roles and removes them (staff may, acting for them); the invitee accepts signed in as the invited address; a member leaves.
 * Each change is audited by the service.
 */
@ApiTags('household')
@UseGuards(SignedInGuard)
@Controller('api')
export class HouseholdController {
  constructor(private readonly household: HouseholdService) {}

  @Get('household')
  @AuditOnBehalf('household.read')
  @ApiOkResponse({
    description:
      'owned: your policies and whom each is shared with (pending, active, expired); shared: policies shared with you and your role; invitations: those to your e-mail.',
  })
  async view(@SignedIn() actor: SignedInActor): Promise<HouseholdView> {
    return this.household.view(actor);
  }

  @Post('policies/:id/household')
  @ApiCreatedResponse({ description: "The invitation (state pending), mailed in the policy's language with a link valid 14 days, once." })
  @ApiBadRequestResponse({ description: "INVALID_INPUT (name, email, role), or HOUSEHOLD_SELF_INVITE: the policy holder's own address." })
  @ApiForbiddenResponse({ description: 'HOUSEHOLD_ROLE_FORBIDDEN: a member of the policy, not its first named insured.' })
  @ApiNotFoundResponse({ description: "POLICY_NOT_FOUND: no such policy, or someone else's." })
  @ApiConflictResponse({ description: 'HOUSEHOLD_ALREADY_INVITED (pending or active already), HOUSEHOLD_TOO_MANY (5 at once).' })
  async invite(@Param('id', PolicyIdPipe) id: string, @Body() body: InviteHouseholdDto, @SignedIn() actor: SignedInActor): Promise<HouseholdMemberView> {
    return this.household.invite(actor, id, body);
  }

  @Patch('policies/:id/household/:memberId')
  @ApiOkResponse({
    description:
      "The invitation or membership with its new role, from the member's next request; the member is mailed. The same role again changes nothing (no mail).",
  })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: role is one of view, pay, claim, change.' })
  @ApiForbiddenResponse({ description: 'HOUSEHOLD_ROLE_FORBIDDEN: a member of the policy (their own role included), not its first named insured.' })
  @ApiNotFoundResponse({ description: 'POLICY_NOT_FOUND, or HOUSEHOLD_MEMBER_NOT_FOUND (none such on this policy).' })
  @ApiConflictResponse({ description: 'HOUSEHOLD_MEMBER_ENDED: the invitation expired, or the person was removed or left.' })
  async changeRole(
    @Param('id', PolicyIdPipe) id: string,
    @Param('memberId', MemberIdPipe) memberId: string,
    @Body() body: ChangeHouseholdRoleDto,
    @SignedIn() actor: SignedInActor,
  ): Promise<HouseholdMemberView> {
    return this.household.changeRole(actor, id, memberId, body.role);
  }

  @Delete('policies/:id/household/:memberId')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Withdrawn (state revoked): the member loses the policy on their next request, and is mailed (an invitee too).' })
  @ApiNotFoundResponse({ description: 'POLICY_NOT_FOUND, or HOUSEHOLD_MEMBER_NOT_FOUND (none such on this policy, or removed already).' })
  async revoke(
    @Param('id', PolicyIdPipe) id: string,
    @Param('memberId', MemberIdPipe) memberId: string,
    @SignedIn() actor: SignedInActor,
  ): Promise<HouseholdMemberView> {
    return this.household.revoke(actor, id, memberId);
  }

  @Post('household/accept')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The shared policy with your role. The same acceptance again answers the same.' })
  @ApiForbiddenResponse({
    description: 'HOUSEHOLD_WRONG_EMAIL: signed in with another address than the one invited; HOUSEHOLD_ACCEPT_BY_INVITEE: staff acting for a customer.',
  })
  @ApiNotFoundResponse({ description: 'HOUSEHOLD_INVITATION_NOT_FOUND' })
  @ApiConflictResponse({ description: 'HOUSEHOLD_INVITATION_USED: accepted or withdrawn already.' })
  async acceptToken(@Body() body: AcceptHouseholdDto, @SignedIn() actor: SignedInActor): Promise<SharedPolicyView> {
    return this.household.acceptToken(actor, body.token);
  }

  @Post('household/invitations/:invitationId/accept')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Accepts an invitation to your e-mail (as listed in GET /api/household): the shared policy with your role.' })
  @ApiNotFoundResponse({ description: 'HOUSEHOLD_INVITATION_NOT_FOUND: none such to your address.' })
  async acceptById(@Param('invitationId', InvitationIdPipe) invitationId: string, @SignedIn() actor: SignedInActor): Promise<SharedPolicyView> {
    return this.household.acceptById(actor, invitationId);
  }

  @Delete('household/shared/:membershipId')
  @HttpCode(200)
  @ApiOkResponse({ description: 'You no longer share the policy (`id`, `removedAt`); its holder is mailed.' })
  @ApiNotFoundResponse({ description: 'HOUSEHOLD_MEMBER_NOT_FOUND: no such membership of yours standing.' })
  async leave(@Param('membershipId', MemberIdPipe) membershipId: string, @SignedIn() actor: SignedInActor): Promise<{ id: string; removedAt: string }> {
    return this.household.leave(actor, membershipId);
  }
}
