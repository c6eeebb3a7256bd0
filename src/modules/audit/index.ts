// The public entry of the audit module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export type { AuditFilter, AuditRecord } from './audit-log.repository';
export { AuditModule } from './audit.module';
export { AuditService, auditActorOf } from './audit.service';
