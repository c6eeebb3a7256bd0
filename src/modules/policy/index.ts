// The public entry of the policy module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { CancellationFigures } from './cancellation-figures';
export { RenewalService } from './renewal/renewal.service';
export { CONFIRMATION, PoliciesService } from './policies.service';
export { auditedPolicyNumber } from './policy-audit';
export { PolicyIdPipe } from './policy-id.pipe';
export { composePolicyMail, insuredFirstName, profileLink } from './policy-mail';
export type { PolicyMailContext } from './policy-mail';
export { PolicyMailer } from './policy-mailer.service';
export { customerPolicies, sharedPolicies } from './policy-page-data';
export { PolicyRecords } from './policy-records.service';
export { policyView } from './policy-view';
export { PolicyErrorCode, PolicyException } from './policy.exception';
export { PolicyModule } from './policy.module';
export type { PolicyRow } from './policy.repository';
export { ProofOfInsurance } from './proof-of-insurance.service';
export { PURCHASE } from './purchase.service';
export { HouseholdErasure } from './household/household-erasure';
export { HouseholdService } from './household/household.service';
export { PurchaseErasure } from './purchase-erasure';
