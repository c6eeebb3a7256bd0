// The public entry of the privacy-requests module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export type { PrivacyRequestRow } from './privacy-request.repository';
export { PrivacyRequestErrorCode, PrivacyRequestException } from './privacy-requests.exception';
export { PrivacyRequestsModule } from './privacy-requests.module';
export { PrivacyRequestsService, privacyRequestView, type PrivacyRequestClosing } from './privacy-requests.service';
