import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum PaymentHistoryErrorCode {
  CursorInvalid = 'HISTORY_CURSOR_INVALID',
  ReceiptNotFound = 'RECEIPT_NOT_FOUND',
}

const MESSAGES: Record<PaymentHistoryErrorCode, [string, HttpStatus]> = {
  [PaymentHistoryErrorCode.CursorInvalid]: ['This page of the payment history does not exist: start again from the first page.', HttpStatus.BAD_REQUEST],
  [PaymentHistoryErrorCode.ReceiptNotFound]: ['There is no such receipt.', HttpStatus.NOT_FOUND],
};

export class PaymentHistoryException extends codedException(MESSAGES) {}
