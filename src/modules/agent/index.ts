// The public entry of the agent module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { AgentLicenceService, actingProducer } from './agent-licence.service';
export { AgentModule } from './agent.module';
export type { StaffAccount } from './agent.repository';
export { StaffEnrolment, StaffEnrolmentModule } from './staff-enrolment';
export { StaffScope, staffScopeSql } from './staff-scope';
export { StaffErrorCode, StaffException } from './staff.exception';
