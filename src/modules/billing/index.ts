// The public entry of the billing module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { BillingModule } from './billing.module';
export { BillingService, STATEMENT } from './billing.service';
export type { BillingReport } from './billing.service';
export type { RefundedCreditRow, StatementPeriodRow } from './statement.repository';
