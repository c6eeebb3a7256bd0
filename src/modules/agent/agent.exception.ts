import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum AgentErrorCode {
  UnknownProducer = 'UNKNOWN_PRODUCER',
  OtherProducer = 'OTHER_PRODUCER',
  StaffCustomer = 'STAFF_CUSTOMER',
  AlreadyOnBehalf = 'ALREADY_ON_BEHALF',
  NotOnBehalf = 'NOT_ON_BEHALF',
  ServedByOtherAgent = 'SERVED_BY_OTHER_AGENT',
  CustomerNotYours = 'CUSTOMER_NOT_YOURS',
}

const MESSAGES: Record<AgentErrorCode, [string, HttpStatus]> = {
  [AgentErrorCode.UnknownProducer]: ['There is no agent with that producer number.', HttpStatus.NOT_FOUND],
  [AgentErrorCode.OtherProducer]: ['An agent can look up only their own details.', HttpStatus.FORBIDDEN],
  [AgentErrorCode.StaffCustomer]: ['That e-mail belongs to a staff account; staff cannot purchase for staff.', HttpStatus.FORBIDDEN],
  [AgentErrorCode.AlreadyOnBehalf]: ['You are already purchasing for a customer. Stop first.', HttpStatus.CONFLICT],
  [AgentErrorCode.NotOnBehalf]: ['You are not purchasing for anyone.', HttpStatus.CONFLICT],
  [AgentErrorCode.ServedByOtherAgent]: ['This customer is served by another agent.', HttpStatus.FORBIDDEN],
  [AgentErrorCode.CustomerNotYours]: [
    'This customer already has a quote, policy or card with us that you did not sell. They can go on online, or an admin can help them.',
    HttpStatus.FORBIDDEN,
  ],
};

export class AgentException extends codedException(MESSAGES) {}
