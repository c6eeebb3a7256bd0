import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum QuoteErrorCode {
  NotFound = 'QUOTE_NOT_FOUND',
  StateNotServed = 'STATE_NOT_SERVED',
  Incomplete = 'QUOTE_INCOMPLETE',
  Closed = 'QUOTE_CLOSED',
  NoRateTable = 'NO_RATE_TABLE',
  OutOfOrder = 'OUT_OF_ORDER',
}

const MESSAGES: Record<QuoteErrorCode, [string, HttpStatus]> = {
  [QuoteErrorCode.NotFound]: ['There is no such quote.', HttpStatus.NOT_FOUND],
  [QuoteErrorCode.StateNotServed]: [
    "We don't sell Meterly in that state yet. Leave your e-mail and we'll tell you when we do.",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [QuoteErrorCode.Incomplete]: ['Finish the earlier steps of the quote first.', HttpStatus.CONFLICT],
  [QuoteErrorCode.Closed]: ['This quote has already been bought or closed. Start a new one.', HttpStatus.CONFLICT],
  [QuoteErrorCode.NoRateTable]: ['We cannot price quotes at the moment. Please try again later.', HttpStatus.SERVICE_UNAVAILABLE],
  [QuoteErrorCode.OutOfOrder]: ['An earlier step of the purchase is not done yet.', HttpStatus.CONFLICT],
};

export class QuoteException extends codedException(MESSAGES) {}
