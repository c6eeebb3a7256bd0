import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

/** What the admin screen's staff changes can be refused for. */
export enum StaffErrorCode {
  StaffNotFound = 'STAFF_NOT_FOUND',
  EmailIsCustomer = 'STAFF_EMAIL_IS_CUSTOMER',
  EmailIsOtherStaff = 'STAFF_EMAIL_IS_OTHER_ROLE',
  ProducerIdTaken = 'PRODUCER_ID_TAKEN',
  ProducerIdInUse = 'PRODUCER_ID_IN_USE',
  NotAnAgent = 'NOT_AN_AGENT',
  DeactivateSelf = 'CANNOT_DEACTIVATE_SELF',
}

const MESSAGES: Record<StaffErrorCode, [string, HttpStatus]> = {
  [StaffErrorCode.StaffNotFound]: ['There is no staff account with that id.', HttpStatus.NOT_FOUND],
  [StaffErrorCode.EmailIsCustomer]: [
    'That e-mail belongs to a customer who has a quote, policy or card with us; staff need an e-mail of their own.',
    HttpStatus.CONFLICT,
  ],
  [StaffErrorCode.EmailIsOtherStaff]: ['That e-mail already belongs to staff with another role.', HttpStatus.CONFLICT],
  [StaffErrorCode.ProducerIdTaken]: ['Another agent has that producer number.', HttpStatus.CONFLICT],
  [StaffErrorCode.ProducerIdInUse]: ["The agent's producer number is on quotes, policies or customers already, so it cannot change.", HttpStatus.CONFLICT],
  [StaffErrorCode.NotAnAgent]: ['Only an agent has licensed states and a producer number.', HttpStatus.CONFLICT],
  [StaffErrorCode.DeactivateSelf]: ['You cannot deactivate your own account; ask another admin.', HttpStatus.CONFLICT],
};

export class StaffException extends codedException(MESSAGES) {}
