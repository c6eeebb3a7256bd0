// The public entry of the quote module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AddressDto } from './address.dto';
export { ApplicationModule } from './application/application.module';
export { CoverageDto } from './coverage.dto';
export { CoverageRejectionRecords } from './coverage-rejection-records.service';
export { EstimateDoor } from './estimate-door';
export { purchaseStepOf } from './purchase-step';
export { quoteReference } from './quote-audit';
export { QuoteIdPipe } from './quote-id.pipe';
export { quoteOwner } from './quote-owner';
export { QuotePricingService } from './quote-pricing.service';
export { invalidAnswers, invalidField } from './quote-problems';
export { QuoteErasure } from './quote-erasure';
export { QuoteLifecycle } from './quote-lifecycle.service';
export type { PurchasePrice } from './quote-lifecycle.service';
export { quoteView } from './quote-view';
export { DriverDto, IncidentDto, VehicleDto } from './quote.dto';
export { QuoteErrorCode, QuoteException } from './quote.exception';
export { QuoteModule } from './quote.module';
export type { OwnedQuote, QuoteRow } from './quote.repository';
export { RepriceDoor } from './reprice-door';
export { resolveVehicle } from './vehicle-resolver';
