// The public entry of the policy module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { FONT } from './documents/document-fonts';
export { documentTexts } from './documents/document-texts';
export { BRAND, INK, SOFT, heading, masthead, render } from './documents/policy-documents';
export { printablePolicy } from './documents/printable-policy';
export { printable } from './documents/printable-text';
export { CONFIRMATION, PoliciesService } from './policies.service';
export { auditedPolicyNumber } from './policy-audit';
export { PolicyIdPipe } from './policy-id.pipe';
export { PolicyNotifications } from './policy-notifications.service';
export { PolicyRecords } from './policy-records.service';
export { policyView } from './policy-view';
export { PolicyErrorCode, PolicyException } from './policy.exception';
export { PolicyModule } from './policy.module';
export type { PolicyRow } from './policy.repository';
export { PURCHASE } from './purchase.service';
