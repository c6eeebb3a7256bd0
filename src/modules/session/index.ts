// The public entry of the session module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { actorFromSession, isOnBehalf, isSignedIn, personOf } from './actor';
export type { Actor, SignedInActor } from './actor';
export { CurrentActor } from './current-actor.decorator';
export {
  RequestContextModule,
  currentActor,
  currentRequest,
  householdOwner,
  markAudited,
  noteHouseholdOwner,
  takeAuditChanges,
  noteAuditChanges,
  wasAudited,
} from './request-context';
export { SessionAdminModule } from './session-admin.module';
export { SessionAdmin } from './session-admin.service';
export { SessionCookie } from './session-cookie';
export type { Attribution } from './session-data';
export { SessionTimeoutsMiddleware, sessionDue } from './session-timeouts.middleware';
export { sessionView } from './session-view';
export { SessionWriter } from './session-writer.service';
export { markKeptRead } from './session.middleware';
export { SessionReads } from './session-change-listener';
export { SESSION_MIDDLEWARE, SESSION_ROUTES, STATELESS_API_ROUTES, SessionModule } from './session.module';
