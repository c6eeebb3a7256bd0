import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

/**
 * A charge's outcomes answer with PAYMENT_DECLINED, PAYMENT_PROCESSING or
 * PAYMENT_GATEWAY_UNAVAILABLE wherever the charge is made (charge-outcome.ts); CARD_DECLINED is
 * saving a card for later (PUT /api/payments/method), which charges nothing.
 */
export enum PaymentErrorCode {
  CardNumberInvalid = 'CARD_NUMBER_INVALID',
  CardExpired = 'CARD_EXPIRED',
  TokenUnknown = 'PAYMENT_TOKEN_UNKNOWN',
  IdempotencyKeyInvalid = 'IDEMPOTENCY_KEY_INVALID',
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  AmountInvalid = 'AMOUNT_INVALID',
  NoPaymentMethod = 'NO_PAYMENT_METHOD',
  CardDeclined = 'CARD_DECLINED',
  PaymentDeclined = 'PAYMENT_DECLINED',
  PaymentProcessing = 'PAYMENT_PROCESSING',
  GatewayUnavailable = 'PAYMENT_GATEWAY_UNAVAILABLE',
  ChargeNotFound = 'CHARGE_NOT_FOUND',
  ChargeNotSucceeded = 'CHARGE_NOT_SUCCEEDED',
  ChargeAlreadyUsed = 'CHARGE_ALREADY_USED',
  WebhookSignatureInvalid = 'WEBHOOK_SIGNATURE_INVALID',
  NotThisGateway = 'NOT_THIS_GATEWAY',
}

const MESSAGES: Record<PaymentErrorCode, [string, HttpStatus]> = {
  [PaymentErrorCode.CardNumberInvalid]: ['This card number is not valid. Check the digits and try again.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.CardExpired]: ['This card has expired. Use another card.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.TokenUnknown]: ['We could not find this card. Enter it again.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.IdempotencyKeyInvalid]: ['The idempotency key must be 8 to 255 visible characters.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.IdempotencyKeyReused]: ['This idempotency key was already used for a different payment.', HttpStatus.CONFLICT],
  [PaymentErrorCode.AmountInvalid]: ['The amount must be a whole number of cents from 1 to 99,999,999.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.NoPaymentMethod]: ['There is no saved card to charge. Add a card first.', HttpStatus.CONFLICT],
  [PaymentErrorCode.CardDeclined]: ['The card was declined. Use another card, or call your bank.', HttpStatus.UNPROCESSABLE_ENTITY],
  [PaymentErrorCode.PaymentDeclined]: ['The card was declined. Nothing was charged; use another card, or call your bank.', HttpStatus.PAYMENT_REQUIRED],
  [PaymentErrorCode.PaymentProcessing]: ['Your payment is still being processed. Try again in a moment with the same request.', HttpStatus.ACCEPTED],
  [PaymentErrorCode.GatewayUnavailable]: ['We could not reach our payment processor. Please try again in a moment.', HttpStatus.SERVICE_UNAVAILABLE],
  [PaymentErrorCode.ChargeNotFound]: ['There is no such payment.', HttpStatus.NOT_FOUND],
  [PaymentErrorCode.ChargeNotSucceeded]: ['This payment did not succeed.', HttpStatus.CONFLICT],
  [PaymentErrorCode.ChargeAlreadyUsed]: ['This payment already paid for something else.', HttpStatus.CONFLICT],
  [PaymentErrorCode.WebhookSignatureInvalid]: ['The webhook signature is missing, wrong or too old.', HttpStatus.BAD_REQUEST],
  [PaymentErrorCode.NotThisGateway]: ['Not found.', HttpStatus.NOT_FOUND],
};

export class PaymentException extends codedException(MESSAGES) {}
