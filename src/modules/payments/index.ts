// The public entry of the payments module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { CardAttemptLimits } from './card-attempt-limits.service';
export { chargeRefusal, failedForGood, paymentDeclined, refusalReason } from './charge-outcome';
export type { ChargeHistoryRow, ChargeRecord, HistoryCursor } from './charge.repository';
export { PaymentMethodsService } from './payment-methods.service';
export { PaymentErrorCode, PaymentException } from './payments.exception';
export { PaymentsModule } from './payments.module';
export { PaymentsService } from './payments.service';
