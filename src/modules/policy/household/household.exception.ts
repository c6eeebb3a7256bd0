import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../../common/errors/coded-exception';
import { HOUSEHOLD_INVITATION_DAYS, HOUSEHOLD_LIVE_MAX } from '../../../shared/policy/household-model';

export enum HouseholdErrorCode {
  RoleForbidden = 'HOUSEHOLD_ROLE_FORBIDDEN',
  InvitationNotFound = 'HOUSEHOLD_INVITATION_NOT_FOUND',
  InvitationExpired = 'HOUSEHOLD_INVITATION_EXPIRED',
  InvitationUsed = 'HOUSEHOLD_INVITATION_USED',
  WrongEmail = 'HOUSEHOLD_WRONG_EMAIL',
  AlreadyInvited = 'HOUSEHOLD_ALREADY_INVITED',
  SelfInvite = 'HOUSEHOLD_SELF_INVITE',
  TooMany = 'HOUSEHOLD_TOO_MANY',
  AcceptByInvitee = 'HOUSEHOLD_ACCEPT_BY_INVITEE',
  MemberNotFound = 'HOUSEHOLD_MEMBER_NOT_FOUND',
  MemberEnded = 'HOUSEHOLD_MEMBER_ENDED',
}

const MESSAGES: Record<HouseholdErrorCode, [string, HttpStatus]> = {
  [HouseholdErrorCode.RoleForbidden]: [
    'This policy is shared with you, but your role does not allow this. Ask the policy holder to change your role, or to do it.',
    HttpStatus.FORBIDDEN,
  ],
  [HouseholdErrorCode.InvitationNotFound]: ['There is no such invitation.', HttpStatus.NOT_FOUND],
  [HouseholdErrorCode.InvitationExpired]: [
    `This invitation has expired (each lasts ${HOUSEHOLD_INVITATION_DAYS} days): ask the policy holder to send a new one.`,
    HttpStatus.GONE,
  ],
  [HouseholdErrorCode.InvitationUsed]: ['This invitation was already accepted or withdrawn: each can be used once.', HttpStatus.CONFLICT],
  [HouseholdErrorCode.WrongEmail]: [
    'This invitation was sent to another e-mail address. Sign out, then sign in with the address the invitation was sent to.',
    HttpStatus.FORBIDDEN,
  ],
  [HouseholdErrorCode.AlreadyInvited]: ['This person is already invited to this policy, or already shares it.', HttpStatus.CONFLICT],
  [HouseholdErrorCode.SelfInvite]: ['You hold this policy already: invite someone else.', HttpStatus.BAD_REQUEST],
  [HouseholdErrorCode.TooMany]: [
    `A policy may be shared with ${HOUSEHOLD_LIVE_MAX} people at once (invitations included): remove one first.`,
    HttpStatus.CONFLICT,
  ],
  [HouseholdErrorCode.AcceptByInvitee]: ['Only the person invited can accept an invitation, signed in as themselves.', HttpStatus.FORBIDDEN],
  [HouseholdErrorCode.MemberNotFound]: ['There is no such invitation or member of this policy (it may have been removed already).', HttpStatus.NOT_FOUND],
  [HouseholdErrorCode.MemberEnded]: [
    'This invitation expired, or this person no longer shares the policy: their role cannot be changed. Invite them again.',
    HttpStatus.CONFLICT,
  ],
};

export class HouseholdException extends codedException(MESSAGES) {}
