import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';
import { PROOF_LINKS_LIVE_MAX } from '../../shared/policy/proof-link-model';

export enum ProofLinkErrorCode {
  NotFound = 'PROOF_LINK_NOT_FOUND',
  NotAvailable = 'PROOF_NOT_AVAILABLE',
  CarUnknown = 'PROOF_LINK_CAR_UNKNOWN',
  TooMany = 'PROOF_LINKS_TOO_MANY',
}

const MESSAGES: Record<ProofLinkErrorCode, [string, HttpStatus]> = {
  [ProofLinkErrorCode.NotFound]: ['There is no such live link: it was revoked, it expired, or it is not of this policy.', HttpStatus.NOT_FOUND],
  [ProofLinkErrorCode.NotAvailable]: [
    'This policy is not in force today (not yet confirmed, or its cover has ended), so it has no proof of insurance to share.',
    HttpStatus.CONFLICT,
  ],
  [ProofLinkErrorCode.CarUnknown]: ['This policy has no such car.', HttpStatus.BAD_REQUEST],
  [ProofLinkErrorCode.TooMany]: [`A policy may have ${PROOF_LINKS_LIVE_MAX} live links at once: revoke one you no longer need first.`, HttpStatus.CONFLICT],
};

export class ProofLinkException extends codedException(MESSAGES) {}
