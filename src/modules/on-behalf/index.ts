// The public entry of the on-behalf module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AuditOnBehalf } from './audit-on-behalf.decorator';
export type { AuditContext } from './audit-on-behalf.decorator';
export { OnBehalfErrorCode, OnBehalfException } from './on-behalf.exception';
export { OnBehalfModule } from './on-behalf.module';
